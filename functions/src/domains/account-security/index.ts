/**
 * What other domains use of account security: the captcha check of web registrations. Other
 * domains import `domains/account-security`, never its files (ARCHITECTURE.md).
 */
export { assertHumanOnWeb } from './captcha';
