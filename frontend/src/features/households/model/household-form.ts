import {
  type CreateHouseholdBody,
  createHouseholdBodySchema,
  MAX_HOUSEHOLD_MEMBERS,
  MIN_HOUSEHOLD_MEMBERS,
} from '@risk-profile/contracts';

/*
 * The "New household" form as the adviser types it, checked by the schema the service checks the
 * request with (createHouseholdBodySchema), so the page says exactly what the service would.
 */

export interface MemberValues {
  /** Stable while members are added and removed: the React key and the touched fields' prefix. */
  key: number;
  name: string;
  email: string;
  phone: string;
  /** Sitting with the adviser now: no link is sent, the adviser opens it for them. */
  inPerson: boolean;
}

export interface HouseholdFormValues {
  name: string;
  members: MemberValues[];
}

export type MemberField = 'name' | 'email' | 'phone';

export interface HouseholdFormErrors {
  name?: string;
  /** By member key. */
  members: Record<number, Partial<Record<MemberField, string>>>;
  /** What belongs to no one field (the number of members). */
  form?: string;
}

const emptyMember = (key: number): MemberValues => ({ key, name: '', email: '', phone: '', inPerson: false });

export const emptyHouseholdForm = (): HouseholdFormValues => ({
  name: '',
  members: Array.from({ length: MIN_HOUSEHOLD_MEMBERS }, (_, index) => emptyMember(index)),
});

export const canAddMember = (values: HouseholdFormValues): boolean =>
  values.members.length < MAX_HOUSEHOLD_MEMBERS;

export const canRemoveMember = (values: HouseholdFormValues): boolean =>
  values.members.length > MIN_HOUSEHOLD_MEMBERS;

export function addMember(values: HouseholdFormValues): HouseholdFormValues {
  if (!canAddMember(values)) return values;
  const key = Math.max(-1, ...values.members.map((member) => member.key)) + 1;
  return { ...values, members: [...values.members, emptyMember(key)] };
}

export function removeMember(values: HouseholdFormValues, key: number): HouseholdFormValues {
  if (!canRemoveMember(values)) return values;
  return { ...values, members: values.members.filter((member) => member.key !== key) };
}

/** The request as typed; the schema trims and turns a blank contact into none. */
export function householdRequest(values: HouseholdFormValues): CreateHouseholdBody {
  return {
    name: values.name,
    members: values.members.map((member) => ({
      clientName: member.name,
      clientEmail: member.email,
      clientPhone: member.phone,
      inPerson: member.inPerson,
    })),
  };
}

const FIELD_OF: Readonly<Record<string, MemberField>> = {
  clientName: 'name',
  clientEmail: 'email',
  clientPhone: 'phone',
};

export type HouseholdFormCheck =
  | { ok: true; body: CreateHouseholdBody }
  | { ok: false; errors: HouseholdFormErrors };

/** The form checked by the service's schema: the body to send, or each field's first problem. */
export function checkHouseholdForm(values: HouseholdFormValues): HouseholdFormCheck {
  const result = createHouseholdBodySchema.safeParse(householdRequest(values));
  if (result.success) return { ok: true, body: result.data };
  const errors: HouseholdFormErrors = { members: {} };
  for (const issue of result.error.issues) {
    const [top, index, field] = issue.path;
    if (top === 'name') {
      errors.name ??= issue.message;
      continue;
    }
    const member = typeof index === 'number' ? values.members[index] : undefined;
    const memberField = typeof field === 'string' ? FIELD_OF[field] : undefined;
    if (member && memberField) {
      const found = errors.members[member.key] ?? {};
      found[memberField] ??= issue.message;
      errors.members[member.key] = found;
    } else {
      errors.form ??= issue.message;
    }
  }
  return { ok: false, errors };
}

/** Whether the adviser has left a field (`${key}.${field}` for a member's, `name` for the household's). */
export type Touched = ReadonlySet<string>;

export const touchedKey = (key: number, field: MemberField): string => `${key}.${field}`;

/**
 * The problems to show now: every one after a first attempt to create; before that, those of
 * fields left with something typed in them (a mistyped email, say). A field left empty waits for
 * the attempt: tabbing through the form raises nothing, and no message appears on leaving a field
 * to move the button the adviser is pressing from under the pointer.
 */
export function visibleErrors(
  errors: HouseholdFormErrors,
  values: HouseholdFormValues,
  touched: Touched,
  submitted: boolean,
): HouseholdFormErrors {
  if (submitted) return errors;
  const shown: HouseholdFormErrors = { members: {} };
  if (errors.name && touched.has('name') && values.name !== '') shown.name = errors.name;
  for (const member of values.members) {
    const fields = errors.members[member.key];
    if (!fields) continue;
    const visible: Partial<Record<MemberField, string>> = {};
    for (const field of ['name', 'email', 'phone'] as const) {
      const message = fields[field];
      if (message && touched.has(touchedKey(member.key, field)) && member[field] !== '')
        visible[field] = message;
    }
    if (Object.keys(visible).length > 0) shown.members[member.key] = visible;
  }
  return shown;
}
