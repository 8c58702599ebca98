import { ApiRouter } from '../../core/http';
import { TEST_NOTIFICATION_RATE_LIMIT } from '../../core/rate-limit';
import { deliver } from './push';
import { TestNotificationRequest, TestNotificationResult } from './schemas';

export const router = new ApiRouter().json({
  method: 'post',
  path: '/api/notifications/test',
  tags: ['Notifications'],
  summary: 'Sends a test push notification to a device token',
  description: 'Public, for checking a device’s push setup; rate limited per IP (TEST_NOTIFICATION_RATE_LIMIT_MAX per window).',
  access: 'public',
  rateLimit: TEST_NOTIFICATION_RATE_LIMIT,
  body: TestNotificationRequest,
  success: { description: 'What the push service said of the token', data: TestNotificationResult },
  handle: async ({ body, language }) => {
    const [result] = await deliver([body.token], {
      title: body.title ?? (language === 'en' ? 'Test notification' : 'Notification de test'),
      body: body.body ?? (language === 'en' ? 'Push notifications work on this device.' : 'Les notifications fonctionnent sur cet appareil.'),
      data: { type: 'test' },
    });
    return { verdict: result.verdict };
  },
});
