/**
 * Stable error codes. The wire carries the code; clients translate `errors.<code>`.
 * The message here is the English fallback only. Codes seen in the original API keep
 * their original spelling (`request_param_err`, `function.not.available`, …).
 */
export const errorCatalogue = {
  request_param_err: { status: 400, message: 'The request is not valid.' },
  request_body_required: { status: 400, message: 'This call needs an encrypted request body.' },
  'merchant.acct.setup.err': { status: 400, message: 'Unknown merchant.' },
  request_decrypt_failed: { status: 400, message: 'The encrypted request could not be read.' },
  'login.failed': { status: 401, message: 'Account or password incorrect.' },
  'captcha.required': { status: 400, message: 'Please complete verification first.' },
  'captcha.invalid': { status: 400, message: 'The captcha is incorrect.' },
  'verification.code.invalid': { status: 400, message: 'Invalid or missing verification code.' },
  'verification.code.expired': { status: 400, message: 'Code expired, please send again.' },
  'mobile.invalid': { status: 400, message: 'Invalid phone number format.' },
  'password.confirmation': { status: 400, message: 'Confirmation password not correct.' },
  'password.old.invalid': { status: 400, message: 'The current password is incorrect.' },
  'password.too.weak': { status: 400, message: 'The password does not meet the rules.' },
  invitation_code_error: { status: 400, message: 'Invalid invitation code.' },
  'wallet.insufficient': { status: 400, message: 'Insufficient balance.' },
  'wallet.unknown': { status: 400, message: 'Unknown wallet.' },
  'payment.password.required': { status: 400, message: 'Please set a payment password first.' },
  'payment.password.invalid': { status: 400, message: 'The payment password is incorrect.' },
  'transfer.target.invalid': { status: 404, message: 'No such member in your line.' },
  'deposit.limit': { status: 400, message: 'The amount is outside this channel’s limits ({min} – {max}).' },
  'deposit.amount.mismatch': { status: 400, message: 'The paid amount differs from the deposit request.' },
  'payment.channel.unknown': { status: 400, message: 'This payment channel is not available.' },
  'withdraw.limit': { status: 400, message: 'The amount is outside the withdrawal limits ({min} – {max}).' },
  'withdraw.daily.count': {
    status: 400,
    message: 'You have reached today’s number of withdrawals ({dailyCount}).',
  },
  'proof.invalid': { status: 400, message: 'The proof must be a PNG or JPEG image of at most 5 MB.' },
  'payment.signature.invalid': { status: 401, message: 'The payment notification signature is invalid.' },
  'request.state': { status: 409, message: 'This request can no longer be changed this way.' },
  'login.not.session': { status: 401, message: 'You are not logged in, please log in.' },
  login_verify_required: { status: 403, message: 'Please complete the additional verification.' },
  error_not_agent: { status: 403, message: 'Non-agents cannot log in.' },
  'account.frozen': { status: 403, message: 'This account is frozen. Please contact customer service.' },
  in_need_true_account: { status: 403, message: 'Please register an account first.' },
  'password.change.required': { status: 403, message: 'Please change your password first.' },
  'function.disabled': {
    status: 403,
    message: 'This function is not enabled. Please contact customer service.',
  },
  'account.exists': { status: 409, message: 'This account is already registered.' },
  'mobile.exists': { status: 409, message: 'This mobile number is already registered.' },
  'ops.key.invalid': { status: 401, message: 'Operator credentials are missing or wrong.' },
  forbidden: { status: 403, message: 'You may not do this.' },
  'access.restricted': { status: 403, message: 'Access restricted by location or IP.' },
  'not.found': { status: 404, message: 'Not found.' },
  'contract.state': { status: 409, message: 'This contract cannot make that change in its current state.' },
  'lottery.game_unknown': { status: 404, message: 'No such lottery game.' },
  'lottery.issue_unknown': { status: 404, message: 'This issue is not on sale.' },
  'lottery.sales_closed': { status: 409, message: 'Sales for this issue have closed.' },
  'lottery.bet_type_unknown': { status: 400, message: 'No such bet type in this game.' },
  'lottery.content_invalid': { status: 400, message: 'The selection is not valid for this bet type.' },
  'lottery.too_many_units': { status: 400, message: 'This selection covers too many combinations.' },
  'lottery.stake_invalid': { status: 400, message: 'The stake is outside the limits.' },
  'lottery.not_official': {
    status: 409,
    message: 'This game is not marked official: its draws come from its seed.',
  },
  'lottery.draw_pending': { status: 409, message: 'The draw time of this issue has not come yet.' },
  'lottery.result_invalid': { status: 400, message: 'These numbers cannot be a draw of this game.' },
  'lottery.prize_group_invalid': {
    status: 400,
    message: 'The prize group must be between {min} and {max}.',
  },
  'contract.rate.above.upline': {
    status: 400,
    message: 'A downline’s rates may not exceed your own contract.',
  },
  'contract.upline.none': { status: 400, message: 'You hold no contract of this kind to offer from.' },
  'contract.not.agent': { status: 400, message: 'Contracts are offered to agents only.' },
  'contract.not.top': { status: 400, message: 'The operator sets contracts of top agents only.' },
  'contract.terms.invalid': { status: 400, message: 'The contract terms are incomplete or inconsistent.' },
  'duplicate.request': { status: 409, message: 'This request was already made with different content.' },
  'feedback.content_length': {
    status: 400,
    message: 'Feedback must be between {min} and {max} words.',
  },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests, please try again later.' },
  'system.error': { status: 500, message: 'Unknown error.' },
  'function.not.available': { status: 503, message: 'System maintenance.' },
  'game.not.found': { status: 404, message: 'This game is not available.' },
  'game.unavailable': { status: 503, message: 'This game is under maintenance, please try another game.' },
  'game.round.open': { status: 409, message: 'The previous game has not finished yet.' },
  'report.range.invalid': {
    status: 400,
    message: 'The date range is not valid: the start must not be after the end, at most {maxDays} days.',
  },
  'agent.type.not.allowed': { status: 403, message: 'You may not create an account of this type.' },
  'affiliate.code.exists': { status: 409, message: 'This invitation code is already taken.' },
  'affiliate.limit': { status: 400, message: 'You have reached the maximum of {max} invitation links.' },
  'game.token.invalid': {
    status: 401,
    message: 'The game session is not valid or has expired. Please relaunch the game.',
  },
  'game.bet.invalid': { status: 400, message: 'This bet is not valid ({reason}).' },
  'game.round.state': { status: 409, message: 'This action does not fit the round’s state.' },
  'game.busy': { status: 409, message: 'Another bet is still being processed, please try again.' },
  'game.wallet.unavailable': {
    status: 503,
    message: 'The wallet did not answer; nothing was charged. Please try again.',
  },
  'support.attachment.invalid': {
    status: 400,
    message: 'Attachments must be PNG or JPEG images of at most 5 MB.',
  },
  'support.conversation.closed': { status: 409, message: 'This conversation is closed.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}
