import { z } from 'zod';
import * as copy from '../copy';
import { emailSchema, idSchema, isoDateTime, limitSchema, pageOf, pageSchema, requiredText } from './common';
import { normaliseVatId, vatIdCountry, vatIdProblem } from '../vat-id';
import { companyRoleValues, companyStatusValues } from './companies';

const v = copy.validation;

export const roleValues = ['customer', 'admin'] as const;
export const roleSchema = z.enum(roleValues);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;

/** Not trimmed: spaces are part of a password. */
export const passwordSchema = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: v.passwordShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, v.passwordLong);

const nameSchema = requiredText(v.nameRequired, NAME_MAX_LENGTH);

// The auth bodies are strict, like every body the shop takes: a member the shop's forms do not send
// (`image` or `role` on sign-up, `callbackURL` on sign-in, `revokeOtherSessions` on a password change)
// is refused with 400 naming it, before the auth library sees the body and stores or acts on it.
export const signUpInputSchema = z.strictObject({ name: nameSchema, email: emailSchema, password: passwordSchema });
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const signInInputSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  /** false: the session ends with the browser (a shared computer); it changes nothing stored. */
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/**
 * Where the browser goes after Google: a page of this shop, as a path (`/dashboard?x=1`). Not `//host`
 * or `/\host`, which browsers read as another site.
 */
const shopPathSchema = z
  .string()
  .max(500, copy.auth.returnPathInvalid)
  .regex(/^\/(?![/\\])[^\s\\]*$/, copy.auth.returnPathInvalid);

/** POST /api/auth/sign-in/social: Google is the one provider; the return pages are the shop's own. */
export const socialSignInInputSchema = z.strictObject({
  provider: z.literal('google', { error: copy.auth.unknownProvider }),
  callbackURL: shopPathSchema.optional(),
  errorCallbackURL: shopPathSchema.optional(),
});
export type SocialSignInInput = z.infer<typeof socialSignInInputSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/send-verification-email: the signed-in user's own address. */
export const verificationMailRequestSchema = z.strictObject({ email: emailSchema });
export type VerificationMailRequest = z.infer<typeof verificationMailRequestSchema>;

export const passwordResetInputSchema = z.strictObject({
  token: z.string({ error: copy.auth.resetLinkInvalid }).min(1, copy.auth.resetLinkInvalid).max(200),
  newPassword: passwordSchema,
});
export type PasswordResetInput = z.infer<typeof passwordResetInputSchema>;

/** Strict: whether other sessions end is not the client's choice (they always do, see auth.routes.ts). */
export const passwordChangeInputSchema = z.strictObject({
  currentPassword: z.string({ error: v.passwordRequired }).min(1, v.passwordRequired).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInputSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: roleSchema,
  createdAt: isoDateTime,
});
export type User = z.infer<typeof userSchema>;

export const meSchema = z.object({
  user: userSchema,
  isAdmin: z.boolean(),
  /** The buyer's EU VAT ID as stored (normalised), null for none; GET and PATCH /api/me answer it. */
  vatId: z.string().nullable().optional(),
  /** Why a shop admin recorded the buyer tax exempt, null when they pay tax; set by admins only. */
  taxExemptReason: z.string().nullable().optional(),
  /**
   * GET /api/me: the user's company (which one, their role, its status), null for someone in none, so
   * that the web app asks for the company (GET /api/me/company, 404 to anyone else) only when there is one.
   */
  company: z
    .object({ id: z.string(), role: z.enum(companyRoleValues), status: z.enum(companyStatusValues) })
    .nullable()
    .optional(),
});
export type Me = z.infer<typeof meSchema>;

/** Why a VAT ID is refused: its prefix names no EU member state, or it is not that state's form; null when it is fine. */
export function buyerVatIdProblem(vatId: string): string | null {
  const compact = normaliseVatId(vatId);
  const country = vatIdCountry(compact);
  if (country) return vatIdProblem(country, compact);
  return /^[A-Z]{2}/.test(compact) ? vatIdProblem(compact.slice(0, 2), compact) : copy.profile.vatIdPrefix;
}

/**
 * A company's EU VAT ID as a buyer gives it: stored normalised (DE 123.456.788 → DE123456788);
 * empty or null clears it. Its prefix names its country, whose form and check characters it must have.
 */
export const buyerVatIdSchema = z
  .string({ error: copy.profile.vatIdInvalid })
  .max(40, { error: copy.profile.vatIdInvalid, abort: true })
  .transform(normaliseVatId)
  .superRefine((compact, ctx) => {
    const problem = compact === '' ? null : buyerVatIdProblem(compact);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((compact) => compact || null)
  .nullable();

/** The profile form: display name, photo and VAT ID. Strict, so nobody sneaks `role`, `email` or a tax exemption through it. */
export const profileUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  image: z.string().trim().max(500).nullable().optional(),
  vatId: buyerVatIdSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const userListItemSchema = userSchema
  .pick({
    id: true,
    name: true,
    email: true,
    image: true,
    role: true,
    createdAt: true,
  })
  .extend({
    /** The buyer's EU VAT ID, normalised; null for none. */
    vatId: z.string().nullable(),
    /** Why the shop charges this buyer no tax (printed on their invoices); null when it does. */
    taxExemptReason: z.string().nullable(),
  });
export type UserListItem = z.infer<typeof userListItemSchema>;
export const userListSchema = pageOf(userListItemSchema);
export type UserList = z.infer<typeof userListSchema>;

export const listUsersQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: pageSchema,
  limit: limitSchema(100, 20),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const userIdParamsSchema = z.object({ id: idSchema });
export const roleUpdateSchema = z.strictObject({ role: roleSchema });
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

/** Why a buyer is tax exempt, as the admin writes it for their invoices: 1 to 200 characters; null ends the exemption. */
export const taxExemptReasonSchema = z
  .string({ error: copy.users.taxExemptReasonInvalid })
  .trim()
  .min(1, copy.users.taxExemptReasonInvalid)
  .max(200, copy.users.taxExemptReasonInvalid)
  .nullable();

/** PATCH /api/users/:id (admin): the role, the tax exemption, or both. */
export const userUpdateSchema = z
  .strictObject({ role: roleSchema.optional(), taxExemptReason: taxExemptReasonSchema.optional() })
  .refine((body) => body.role !== undefined || body.taxExemptReason !== undefined, copy.users.updateEmpty);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const uploadedImageSchema = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** At most this many bytes per uploaded picture (docs/shop-rules.md, "Roles, accounts and safety"). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
