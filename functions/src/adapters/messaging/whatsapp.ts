/**
 * WhatsApp Cloud API: `POST {base}/{version}/{phone_number_id}/messages` with an authentication
 * template whose body parameter and copy-code button parameter are the code.
 */
import { config } from '../../core/config';
import { secret } from '../../core/secrets';
import { PartnerError, postToPartner } from '../http-client';
import type { MessagingChannel, OtpMessage, TemplateMessage } from './types';

interface GraphReply {
  messages?: Array<{ id?: string }>;
  error?: { message?: string; code?: number };
}

export class WhatsAppChannel implements MessagingChannel {
  readonly name = 'whatsapp' as const;

  async sendOtp({ to, code, language }: OtpMessage): Promise<{ messageId: string }> {
    return this.post(to, {
      name: config().WHATSAPP_OTP_TEMPLATE,
      language,
      components: [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ],
    });
  }

  async sendTemplate({ to, template, language, params }: TemplateMessage): Promise<{ messageId: string }> {
    return this.post(to, { name: template, language, components: params.length > 0 ? [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }] : [] });
  }

  private async post(to: string, template: { name: string; language: 'fr' | 'en'; components: unknown[] }): Promise<{ messageId: string }> {
    const settings = config();
    const url = `${settings.WHATSAPP_API_BASE_URL.replace(/\/$/, '')}/${settings.WHATSAPP_API_VERSION}/${settings.WHATSAPP_PHONE_NUMBER_ID}/messages`;
    const { status, body } = await postToPartner('whatsapp', url, {
      headers: { authorization: `Bearer ${secret('WHATSAPP_ACCESS_TOKEN')}` },
      timeoutMs: settings.WHATSAPP_TIMEOUT_MS,
      json: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language === 'en' ? 'en' : settings.WHATSAPP_TEMPLATE_LANGUAGE },
          components: template.components,
        },
      },
    });
    const reply = body as GraphReply;
    const messageId = reply.messages?.[0]?.id;
    if (status >= 300 || !messageId) {
      throw new PartnerError('whatsapp', reply.error?.message ?? `unexpected reply ${status}`, status);
    }
    return { messageId };
  }
}
