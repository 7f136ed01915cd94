import { type ErrorCode, errorCatalogue } from '@arcadia/contract';

/** A failure the client should see: carries a stable contract code and optional details. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly value?: Record<string, unknown>,
    message?: string,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.status = errorCatalogue[code].status;
  }
}
