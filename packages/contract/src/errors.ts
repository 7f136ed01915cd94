/**
 * Stable error codes. The wire carries the code; clients translate `errors.<code>`.
 * The message here is the English fallback only. Codes seen in the original API keep
 * their original spelling (`request_param_err`, `function.not.available`, …).
 */
export const errorCatalogue = {
  request_param_err: { status: 400, message: 'The request is not valid.' },
  request_body_required: { status: 400, message: 'This call needs an encrypted request body.' },
  'merchant.acct.setup.err': { status: 400, message: 'Unknown merchant.' },
  'login.not.session': { status: 401, message: 'You are not logged in, please log in.' },
  'ops.key.invalid': { status: 401, message: 'Operator credentials are missing or wrong.' },
  forbidden: { status: 403, message: 'You may not do this.' },
  'access.restricted': { status: 403, message: 'Access restricted by location or IP.' },
  'not.found': { status: 404, message: 'Not found.' },
  'duplicate.request': { status: 409, message: 'This request was already made with different content.' },
  'feedback.content_length': {
    status: 400,
    message: 'Feedback must be between {min} and {max} words.',
  },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests, please try again later.' },
  'system.error': { status: 500, message: 'Unknown error.' },
  'function.not.available': { status: 503, message: 'System maintenance.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}
