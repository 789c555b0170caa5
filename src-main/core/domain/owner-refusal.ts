// Why the owner page's API said no: a status, the code the page branches on and a sentence it can show.
// Every refusal of that API is one of these (or a DomainError of the rules), turned into JSON by one boundary.
export class OwnerRefusal extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}
