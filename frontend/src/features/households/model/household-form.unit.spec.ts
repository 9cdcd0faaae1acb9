import {
  createHouseholdBodySchema,
  HOUSEHOLD_CONTACT_REQUIRED_MESSAGE,
  HOUSEHOLD_MEMBER_COUNT_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MAX_HOUSEHOLD_MEMBERS,
} from '@risk-profile/contracts';
import { describe, expect, it } from 'vitest';
import {
  addMember,
  canAddMember,
  checkHouseholdForm,
  emptyHouseholdForm,
  type HouseholdFormValues,
  removeMember,
  touchedKey,
  visibleErrors,
} from './household-form';

const filled = (): HouseholdFormValues => ({
  name: '  Jordan and Sam Lee ',
  members: [
    { key: 0, name: ' Jordan Lee ', email: ' jordan.lee@example.com ', phone: '', inPerson: false },
    { key: 1, name: 'Sam Lee', email: '', phone: '0412 345 678', inPerson: true },
  ],
});

describe('the members of a new household', () => {
  it('starts with the two a household needs at least', () => {
    expect(emptyHouseholdForm().members).toHaveLength(2);
  });

  it('adds members up to six, each with a key of its own', () => {
    let values = emptyHouseholdForm();
    while (canAddMember(values)) values = addMember(values);
    expect(values.members).toHaveLength(MAX_HOUSEHOLD_MEMBERS);
    expect(new Set(values.members.map((member) => member.key)).size).toBe(MAX_HOUSEHOLD_MEMBERS);
    expect(addMember(values)).toBe(values);
  });

  it('removes the member asked for, never below two, and keeps the others their keys', () => {
    const three = addMember(emptyHouseholdForm());
    const two = removeMember(three, 1);
    expect(two.members.map((member) => member.key)).toEqual([0, 2]);
    expect(removeMember(two, 0)).toBe(two);
    // A key is never reused, so a removed member's touched fields never pass to a new one.
    expect(addMember(two).members.at(-1)?.key).toBe(3);
  });
});

describe('checking the form with the service schema', () => {
  it('gives the body the service accepts: trimmed, a blank contact as none, in person kept', () => {
    const check = checkHouseholdForm(filled());
    expect(check).toEqual({
      ok: true,
      body: {
        name: 'Jordan and Sam Lee',
        members: [
          {
            clientName: 'Jordan Lee',
            clientEmail: 'jordan.lee@example.com',
            clientPhone: null,
            inPerson: false,
          },
          { clientName: 'Sam Lee', clientEmail: null, clientPhone: '0412 345 678', inPerson: true },
        ],
      },
    });
    if (check.ok) expect(createHouseholdBodySchema.safeParse(check.body).success).toBe(true);
  });

  it("puts each problem under its field, by the member's key, with the contract's words", () => {
    const values = filled();
    values.name = ' ';
    values.members = [
      { key: 4, name: '', email: 'not an email', phone: '', inPerson: false },
      { key: 7, name: 'Sam Lee', email: '', phone: '', inPerson: false },
    ];
    const check = checkHouseholdForm(values);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.name).toBe("Please enter the household's name.");
    expect(check.errors.members[4]).toEqual({
      name: "Please enter the member's name.",
      email: INVALID_EMAIL_MESSAGE,
    });
    expect(check.errors.members[7]).toEqual({ email: HOUSEHOLD_CONTACT_REQUIRED_MESSAGE });
  });

  it('says a household of one is too few, apart from any field', () => {
    const values = filled();
    values.members = values.members.slice(0, 1);
    const check = checkHouseholdForm(values);
    expect(check.ok ? null : check.errors.form).toBe(HOUSEHOLD_MEMBER_COUNT_MESSAGE);
  });
});

describe('which problems show', () => {
  const values = filled();
  values.name = '';
  values.members = [
    { key: 0, name: 'Jordan Lee', email: 'jordan@', phone: '', inPerson: false },
    { key: 1, name: '', email: '', phone: '', inPerson: false },
  ];
  const check = checkHouseholdForm(values);
  const errors = check.ok ? { members: {} } : check.errors;
  const everyField = new Set([
    'name',
    ...[0, 1].flatMap((key) => (['name', 'email', 'phone'] as const).map((field) => touchedKey(key, field))),
  ]);

  it('none before a field is left', () => {
    expect(visibleErrors(errors, values, new Set(), false)).toEqual({ members: {} });
  });

  it('those of fields left with something typed in them; empty fields wait for the attempt', () => {
    expect(visibleErrors(errors, values, everyField, false)).toEqual({
      members: { 0: { email: INVALID_EMAIL_MESSAGE } },
    });
  });

  it('every one after an attempt to create', () => {
    const shown = visibleErrors(errors, values, new Set(), true);
    expect(shown).toBe(errors);
    expect(shown.name).toBe("Please enter the household's name.");
    expect(shown.members[1]).toEqual({
      name: "Please enter the member's name.",
      email: HOUSEHOLD_CONTACT_REQUIRED_MESSAGE,
    });
  });
});
