// openapi.json of the partner API; built in ../openapi/ from the request and response schemas.
export { partnerOpenApiDocument as openApiDocument } from '../openapi/partner-document';
