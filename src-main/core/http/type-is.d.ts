// type-is (express's own content-type matcher) ships no types; the two calls the body reader makes.
declare module 'type-is' {
  import type { IncomingMessage } from 'node:http';
  function typeofrequest(req: IncomingMessage, types: string[]): string | false | null;
  namespace typeofrequest {
    function hasBody(req: IncomingMessage): boolean;
  }
  export default typeofrequest;
}
