import { z } from 'zod';
import { CLIENT_TYPES, FILTER_TYPES, GENDERS } from '../enums';
import { validationMessage as msg } from './messages';
import {
  birthDateSchema,
  blankOr,
  clientCodeSchema,
  descriptionSchema,
  emailSchema,
  nameSchema,
  nationalIdSchema,
  passwordSchema,
  phoneSchema,
  requiredString,
  textSchema,
  usernameSchema,
} from './rules';
import { SIGNIN_PASSWORD_MAX } from './signin';

const REQUIRED = msg('required');

const municipalitySchema = z
  .number({ error: REQUIRED })
  .int(msg('invalidValue'))
  .positive(msg('invalidValue'));
const clientTypeSchema = z.enum(CLIENT_TYPES, { error: REQUIRED });

const passwordsMatch = (data: { password?: string; confirmPassword?: string }) =>
  (data.password ?? '') === (data.confirmPassword ?? '');
const MISMATCH = { error: msg('passwordsMismatch'), path: ['confirmPassword'] };
const currentPasswordGiven = (data: { password?: string; currentPassword?: string }) =>
  !data.password || Boolean(data.currentPassword);
const CURRENT_REQUIRED = { error: REQUIRED, path: ['currentPassword'] };
/** A client code given at sign-up comes with its ownership proof, as in "Agregar código". */
const proofGiven = (data: { clientCode?: string; clientCodeProof?: string }) =>
  !data.clientCode?.trim() || Boolean(data.clientCodeProof?.trim());
export const CLIENT_CODE_PROOF_REQUIRED = { error: REQUIRED, path: ['clientCodeProof'] };

/** `email` also accepts the username (design §4). */
export const signinSchema = z.object({
  email: requiredString(),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(SIGNIN_PASSWORD_MAX),
  /** Device tokens this browser received at earlier sign-ins (its own throttling door). */
  devices: z.array(z.string().max(200)).max(5).optional(),
  /** Tokens of this browser remembered for the second factor (ours, issue 30: staff only). */
  remembered: z.array(z.string().max(200)).max(5).optional(),
});
export type SigninInput = z.infer<typeof signinSchema>;

/** What the profile page sends: empty phone or e-mail as null, password only when filled (spec §5). */
export const profileUpdateSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema.optional(),
    username: usernameSchema.optional(),
    phone: phoneSchema.nullable().optional(),
    email: emailSchema.nullable().optional(),
    password: passwordSchema.optional(),
    /** A new password is set only with the current one (one password-change rule, reference 10). */
    currentPassword: z.string().max(200).optional(),
    avatar: z.string().optional(),
  })
  .strict()
  .refine(currentPasswordGiven, CURRENT_REQUIRED);
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** The profile form as the user fills it: blank optional fields are '' and the new password is typed twice. */
export const profileFormSchema = z
  .object({
    firstName: nameSchema,
    lastName: blankOr(nameSchema).optional(),
    username: blankOr(usernameSchema).optional(),
    phone: blankOr(phoneSchema).optional(),
    email: emailSchema,
    clientType: clientTypeSchema,
    municipality: municipalitySchema,
    currentPassword: z.string().optional(),
    password: blankOr(passwordSchema).optional(),
    confirmPassword: z.string().optional(),
    avatar: z.string().optional(),
  })
  .refine(passwordsMatch, MISMATCH)
  .refine(currentPasswordGiven, CURRENT_REQUIRED);
export type ProfileFormInput = z.infer<typeof profileFormSchema>;

export const signupSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: REQUIRED }).min(1, REQUIRED),
    clientType: clientTypeSchema,
    municipality: municipalitySchema,
    clientCode: clientCodeSchema.optional(),
    /** The code's contract number or one of its last three invoice numbers. */
    clientCodeProof: z.string().trim().max(60).optional(),
  })
  .refine(passwordsMatch, MISMATCH)
  .refine(proofGiven, CLIENT_CODE_PROOF_REQUIRED);
export { proofGiven as clientCodeProofGiven };
export type SignupInput = z.infer<typeof signupSchema>;

/** The administrator's user form (spec §5); `fullName` holds the person's or the owner's name. */
export const adminUserSchema = z.object({
  username: usernameSchema,
  fullName: textSchema,
  nationalId: nationalIdSchema,
  gender: z.enum(GENDERS, { error: REQUIRED }),
  country: requiredString(),
  email: emailSchema,
  municipality: municipalitySchema,
  birthDate: birthDateSchema,
  address: textSchema,
  phone: phoneSchema.nullable().optional(),
  clientType: clientTypeSchema.optional(),
  roles: z.array(requiredString()).optional(),
  /** Staff only act on users of this municipality (453/456 outside it); null: no limit. */
  scopeMunicipality: municipalitySchema.nullable().optional(),
});
export type AdminUserInput = z.input<typeof adminUserSchema>;
export type AdminUser = z.output<typeof adminUserSchema>;

export const commercialOfficeSchema = z.object({
  name: textSchema,
  boss: z
    .string()
    .trim()
    .max(128, msg('maxLength', { max: 128 }))
    .optional(),
  address: textSchema,
  province: requiredString(),
  municipality: municipalitySchema,
  /** How customers reach it and when (shown wherever the product sends them to the office). */
  phone: phoneSchema.nullable().optional(),
  /** Opening hours in Spanish and English (either may be empty; English pages fall back to Spanish). */
  hours: z
    .object({
      es: z
        .string()
        .trim()
        .max(250, msg('maxDescription', { max: 250 }))
        .optional(),
      en: z
        .string()
        .trim()
        .max(250, msg('maxDescription', { max: 250 }))
        .optional(),
    })
    .optional(),
  /** The municipalities whose customers it serves (its own when none is given). */
  serves: z.array(municipalitySchema).max(15).optional(),
});

/** A change: any subset, with the version read (reference conflict, spec §4) unless forced. */
export const commercialOfficePatchSchema = commercialOfficeSchema.partial().extend({
  version: z.number().int().min(0),
  force: z.boolean().optional(),
});
export type CommercialOfficeInput = z.infer<typeof commercialOfficeSchema>;

export const faqSchema = z.object({
  question: descriptionSchema(250),
  answer: descriptionSchema(500),
});
export type FaqInput = z.infer<typeof faqSchema>;

export const passwordResetSchema = z
  .object({
    _id: z.uuid({ error: msg('invalidValue') }),
    password: passwordSchema.optional(),
    autoGeneratePassword: z.boolean().default(false),
    changePasswordRequire: z.boolean().default(false),
  })
  .refine((data) => data.autoGeneratePassword || data.password !== undefined, {
    error: REQUIRED,
    path: ['password'],
  });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;
export type PasswordReset = z.output<typeof passwordResetSchema>;

/** A recipient is a chosen user (`_id`) or a typed address (`email`). */
export const emailRecipientSchema = z.union([
  z.object({ _id: z.uuid({ error: msg('invalidValue') }) }).strict(),
  z.object({ email: emailSchema }).strict(),
]);

export const emailMessageSchema = z.object({
  to: z.array(emailRecipientSchema, { error: REQUIRED }).min(1, REQUIRED),
  subject: textSchema,
  body: requiredString().max(5000, msg('maxLength', { max: 5000 })),
});
export type EmailMessageInput = z.infer<typeof emailMessageSchema>;

const filterBoundSchema = z.union([z.string(), z.number()]).optional();

export const filterSchema = z.object({
  type: z.enum(FILTER_TYPES),
  field: z.string().min(1),
  value: z.unknown().optional(),
  from: filterBoundSchema,
  to: filterBoundSchema,
  isDate: z.boolean().optional(),
});
export type Filter = z.infer<typeof filterSchema>;

export const searchQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(999).default(10),
  search: z.string().trim().max(200).optional(),
  filters: z.array(filterSchema).default([]),
  sort: z.record(z.string(), z.enum(['asc', 'desc'])).optional(),
});
export type SearchQueryInput = z.input<typeof searchQuerySchema>;
export type SearchQuery = z.output<typeof searchQuerySchema>;
