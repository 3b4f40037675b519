/**
 * The 'Add New Partner Directly' form's rules, with the messages of the contracts'
 * CreatePartnerRequest (checked against it in the test beside this file).
 */
import { emailValidator, nameValidator, type FieldValidator } from '../../forms/validators';
import { numberField, optionalText, requiredChoice, requiredText } from '../../forms/field-builders';

export const createPartnerValidators = {
  email: emailValidator,
  firstName: nameValidator('First name'),
  lastName: nameValidator('Last name'),
  roleId: requiredChoice('Please select a partner role'),
  locationId: requiredChoice('Location selection is required'),
  businessName: requiredText(2, 'Business name is required', 200, 'Business name is too long'),
  licenseNumber: optionalText(100, 'Licence number is too long'),
  experienceYears: numberField(
    {
      notNumber: 'Experience must be a whole number',
      whole: 'Experience must be a whole number',
      min: 0,
      minMessage: 'Experience must be 0 or more years',
      max: 50,
      maxMessage: 'Experience cannot exceed 50 years',
    },
    true,
  ),
} satisfies Record<string, FieldValidator>;
