import { local } from '../../../lib/storage';

/**
 * Invitation codes arrive on a landing URL (`?code=` or `?affiliateCode=`, `?referralCode=`) and
 * are kept until registration, which always sends them (spec §3).
 */
export function captureInvitationCodes(search: string) {
  const params = new URLSearchParams(search);
  const affiliate = (params.get('affiliateCode') ?? params.get('code'))?.trim();
  const referral = params.get('referralCode')?.trim();
  if (affiliate) local.set('affiliateCode', affiliate.slice(0, 32));
  if (referral) local.set('referralCode', referral.slice(0, 32));
}

export function storedInvitationCodes() {
  return { affiliateCode: local.get('affiliateCode') ?? '', referralCode: local.get('referralCode') ?? '' };
}
