/**
 * What other domains use of account security: nothing at present (the captcha check of web
 * registrations is identity's, beside the registration it guards). Account security builds on
 * identity and notifications; other domains import `domains/account-security`, never its files
 * (ARCHITECTURE.md).
 */
export {};
