/**
 * The field rules of the two application forms (partner/admin spec §5), with the messages of the
 * contracts' ApplyApplicationRequest (/apply) and EnquiryApplicationRequest (/partner-enquiry):
 * the client says what the server would. application-validators.test.ts checks them against the
 * schemas.
 */
import type { FieldValidator } from '../../forms/validators';
import { emailWith, numberField, optionalText, requiredChoice, requiredText } from '../../forms/field-builders';

const EXPERIENCE_MIN = 'Experience must be 0 or more years';
const EXPERIENCE_MAX = 'Experience cannot exceed 50 years';

/** /apply: one role, one location, a short description. */
export const applyValidators = {
  requestedRoleId: requiredChoice('Role selection is required'),
  requestedLocationId: requiredChoice('Location selection is required'),
  businessName: requiredText(2, 'Business name is required', 200, 'Business name is too long'),
  contactEmail: emailWith('Valid email is required'),
  contactPhone: optionalText(40, 'Phone number is too long'),
  licenseNumber: optionalText(100, 'Licence number is too long'),
  experienceYears: numberField(
    { notNumber: 'Experience must be a number', min: 0, minMessage: EXPERIENCE_MIN, max: 50, maxMessage: EXPERIENCE_MAX },
    true,
  ),
  businessDescription: requiredText(10, 'Please provide a business description', 500, 'Description too long'),
} satisfies Record<string, FieldValidator>;

const VALID_URL = 'Please enter a valid URL';

/** A URL (http or https) or empty, as the contracts' OptionalUrl checks it. */
export const optionalUrl: FieldValidator = (value) => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return VALID_URL;
  const v = value.trim();
  if (v.length > 500) return VALID_URL;
  return v === '' || /^https?:\/\/[^\s]+$/i.test(v) ? null : VALID_URL;
};

/** /partner-enquiry: the full profile, one or more locations. */
export const enquiryValidators = {
  businessName: requiredText(2, 'Business name must be at least 2 characters', 200, 'Business name is too long'),
  contactEmail: emailWith('Please enter a valid email address'),
  contactPhone: requiredText(10, 'Please enter a valid phone number', 40, 'Please enter a valid phone number'),
  licenseNumber: optionalText(100, 'Licence number is too long'),
  experienceYears: numberField(
    { notNumber: EXPERIENCE_MIN, required: 'Enter your years of experience', min: 0, minMessage: EXPERIENCE_MIN, max: 50, maxMessage: EXPERIENCE_MAX },
    false,
  ),
  businessDescription: requiredText(
    50,
    'Please provide at least 50 characters describing your business',
    2000,
    'Description too long',
  ),
  requestedRoleId: requiredChoice('Please select a partner role'),
  requestedLocationIds: (value: unknown) => {
    if (!Array.isArray(value) || value.length < 1) return 'Please select at least one service location';
    if (value.length > 50) return 'Please select at most 50 service locations';
    return null;
  },
  officeSize: numberField(
    {
      notNumber: 'Office size must be at least 1 person',
      required: 'Enter how many people work in your office',
      whole: 'Office size must be a whole number',
      min: 1,
      minMessage: 'Office size must be at least 1 person',
      max: 1000,
      maxMessage: 'Office size cannot exceed 1000 people',
    },
    false,
  ),
  bio: requiredText(100, 'Please provide at least 100 characters for your bio', 3000, 'Bio is too long'),
  videoLink: optionalUrl,
} satisfies Record<string, FieldValidator>;
