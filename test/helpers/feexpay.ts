/**
 * The FeexPay sandbox for a test file: started before its tests with the adapter pointed at it,
 * stopped after. Without a webhook URL only the jobs, the admin or the test itself settle payments.
 */
import { FeexPaySandbox } from '../../functions/src/dev/feexpay-sandbox';
import { restoreSettings, useSettings } from './settings';

export function useFeexPaySandbox(options: { webhookUrl?: () => string; delayMs?: number } = {}): { sandbox: () => FeexPaySandbox } {
  let sandbox: FeexPaySandbox;
  let url: string;
  beforeAll(async () => {
    sandbox = new FeexPaySandbox({ token: 'test-feexpay-token', delayMs: options.delayMs, webhookUrl: options.webhookUrl?.() });
    url = await sandbox.start();
  });
  // Before each test: a file that restores its settings after each test keeps the sandbox.
  beforeEach(() => useSettings({ FEEXPAY_BASE_URL: url, FEEXPAY_LINK_BASE_URL: url, FEEXPAY_TIMEOUT_MS: '2000' }));
  afterAll(async () => {
    restoreSettings();
    await sandbox.stop();
  });
  return { sandbox: () => sandbox };
}
