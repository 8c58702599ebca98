/**
 * App Check tokens as the apps send them, for the local verifier (test/setup/env.ts sets these debug
 * tokens; a test that sends them sets APP_CHECK_DRIVER=local): one per kind of app, each standing for
 * an app id whose platform says which app calls (docs/api-conventions.md, App Check).
 */
export const APP_CHECK = {
  /** The buyer app on Android. */
  buyer: 'test-app-check-buyer-android',
  /** The pro app on iOS. */
  pro: 'test-app-check-pro-ios',
  /** The admin web dashboard. */
  web: 'test-app-check-dashboard-web',
} as const;

/** The app ids the debug tokens stand for, as APP_CHECK_DEBUG_TOKENS writes them. */
export const APP_CHECK_DEBUG_TOKENS = [
  `${APP_CHECK.buyer}=1:100000000000:android:b0b0b0b0b0b0b0b0`,
  `${APP_CHECK.pro}=1:100000000000:ios:c0c0c0c0c0c0c0c0`,
  `${APP_CHECK.web}=1:100000000000:web:d0d0d0d0d0d0d0d0`,
].join(',');

/** The header of an attested request from that app. */
export const appCheck = (app: keyof typeof APP_CHECK) => ({ 'X-Firebase-AppCheck': APP_CHECK[app] });
