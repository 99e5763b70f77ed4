/** The OpenAPI security schemes of the integration API (app.ts adds them to the document). */
export const INTEGRATION_SECURITY_SCHEMES = {
  apiKeyBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'wpk_ API key',
    description: 'Authorization: Bearer wpk_... (an API key from `npm run admin -- api-client create`)',
  },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'X-Api-Key: wpk_...' },
} as const;

/** Either scheme; every integration route declares it. */
export const INTEGRATION_SECURITY: { [scheme: string]: string[] }[] = [{ apiKeyBearer: [] }, { apiKeyHeader: [] }];
