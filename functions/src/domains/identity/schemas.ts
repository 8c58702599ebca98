import { z } from 'zod';
import { documentId } from '../../core/document-id';
import { PaginationQuery } from '../../core/pagination';
import { AGENT_TYPES, ROLES } from '../../core/roles';
import { CountryCode, TelephoneInput } from '../geo';

const Name = z.string().trim().min(1).max(80);
const IsoDate = z.string().meta({ description: 'ISO 8601 date-time', example: '2026-11-22T10:00:00.000Z' });

export const Role = z.enum(ROLES);
export const VendeurType = z.enum(['vehicules', 'pieces', 'motos', 'mixte']);
export const ReferralCode = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,16}$/))
  .meta({ description: 'Referral code of a commercial agent.', example: 'AGT7K2Q' });

export const RegisterRequest = z
  .strictObject({
    nom: Name.meta({ example: 'Houngbédji' }),
    prenoms: Name.meta({ example: 'Afi Mireille' }),
    telephone: TelephoneInput,
    pays: CountryCode,
    role: Role.meta({ description: 'Self sign-up accepts acheteur (buyer app), vendeur, chauffeur, transitaire, livreur (pro app).' }),
    referralCode: ReferralCode.optional(),
    vendeurType: VendeurType.optional().meta({ description: 'Sellers only: what they sell.' }),
  })
  .meta({
    id: 'RegisterRequest',
    description:
      'Sign-up after the client created the identity-provider account with the synthetic email of the telephone ' +
      '(`<dial><national>@domain` for acheteur, `pro_<dial><national>@domain` for the pro roles); password of at least 8 characters, checked by the client.',
  });

export const UserProfile = z
  .object({
    id: z.string(),
    telephone: z.string().meta({ description: 'E.164', example: '+2290197000000' }),
    email: z.string().meta({ description: 'Login email: synthetic for telephone accounts, real for old accounts.' }),
    nom: z.string(),
    prenoms: z.string(),
    role: Role,
    app: z.enum(['buyer', 'pro']),
    pays: z.string(),
    dialCode: z.string(),
    nationalNumber: z.string(),
    isBlocked: z.boolean(),
    photoUrl: z.string().nullable(),
    ville: z.string().nullable(),
    vendeurType: VendeurType.optional(),
    typeAgent: z.enum(AGENT_TYPES).optional(),
    referralCode: z.string().optional().meta({ description: 'Agents only: their own code.' }),
    referredBy: z.object({ code: z.string(), agentId: z.string() }).optional(),
    transitaireVerification: z
      .object({ statut: z.enum(['none', 'pending', 'approved', 'rejected']), rejectionMotif: z.string().optional() })
      .optional(),
    telephoneVerifie: z.boolean().meta({
      description: 'Whether the owner proved its telephone with a code sent to it (`POST /api/auth/phone/verify`). A referred account earns its agent nothing before.',
    }),
    telephoneVerifieAt: IsoDate.nullable().meta({ description: 'When the telephone was proven; null before.' }),
    createdAt: IsoDate,
    updatedAt: IsoDate,
  })
  .meta({ id: 'UserProfile', description: 'Everything about a user: seen by the user and by admins.' });

export const PublicProfile = z
  .object({
    id: z.string(),
    nom: z.string(),
    prenoms: z.string(),
    role: Role,
    photoUrl: z.string().nullable(),
    ville: z.string().nullable(),
  })
  .meta({ id: 'PublicProfile', description: 'What other users see of a user.' });

export const UserIdParams = z.strictObject({ id: documentId('USER_NOT_FOUND', 'User identifier') });

export const UpdateMeRequest = z
  .strictObject({
    nom: Name.optional(),
    prenoms: Name.optional(),
    photoUrl: z.url({ protocol: /^https$/ }).max(2048).nullable().optional(),
    ville: z.string().trim().min(1).max(80).nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'Give at least one field.' });

export const PushTokenRequest = z.strictObject({
  token: z.string().min(20).max(4096).regex(/^[A-Za-z0-9_:.-]+$/).meta({ description: 'FCM registration token of the device.' }),
  platform: z.enum(['android', 'ios', 'web']),
});

export const PushTokenParams = z.strictObject({ token: PushTokenRequest.shape.token });

export const PushDevice = z.object({
  id: z.string().meta({ description: 'SHA-256 of the token.' }),
  platform: z.enum(['android', 'ios', 'web']),
  lastSeenAt: IsoDate,
});

export const UserListQuery = PaginationQuery.extend({
  role: Role.optional(),
  isBlocked: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  q: z.string().trim().min(2).max(80).optional().meta({ description: 'Start of a name, or a telephone number (E.164 or national digits).' }),
});

export const BlockRequest = z.strictObject({ motif: z.string().trim().min(1).max(500).optional() }).optional();

/** Agents are created with their type and code by POST /api/agents, not by a role change. */
export const RoleChangeRequest = z.strictObject({ role: Role.exclude(['agentCommercial']) });
