import { SERVER_MSG } from '@wholesale/contract';

/** Errors a service throws to answer a 4xx; the error plugin turns them into the contract's shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More of the answer beside the message (a 409's current state), as its contract entry declares. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = SERVER_MSG.unauthorized, invalidToken = false) =>
  new HttpError(401, message, {
    'www-authenticate': invalidToken ? 'Bearer error="invalid_token"' : 'Bearer realm="wholesale-portal"',
  });
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string = SERVER_MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
