import { formatMobileNumber, MAX_HOUSEHOLD_MEMBERS, MOBILE_INPUT_MAX_LENGTH } from '@risk-profile/contracts';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateHousehold } from '../api/households-queries';
import {
  addMember,
  canAddMember,
  canRemoveMember,
  checkHouseholdForm,
  emptyHouseholdForm,
  type HouseholdFormValues,
  type MemberField,
  type MemberValues,
  removeMember,
  touchedKey,
  visibleErrors,
} from '../model/household-form';
import '../households.css';

const ADD_MEMBER_ID = 'household-add-member';
const memberFieldId = (key: number, field: MemberField | 'in-person') => `household-member-${key}-${field}`;

/**
 * A new household: its name and two to six members, each with a contact. Checked as the service
 * checks it while the adviser types (a field left with something in it; every field once they try
 * to create); the service's own refusal is shown above the form.
 */
export function NewHouseholdPage({ onCreated }: { onCreated: (id: string) => void }) {
  useDocumentTitle('New household');
  const create = useCreateHousehold();
  const [values, setValues] = useState<HouseholdFormValues>(emptyHouseholdForm);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** Where the keyboard goes next: the first problem after a refused attempt, a new member's name. */
  const [focusTarget, setFocusTarget] = useState<{ selector: string } | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    form.current?.querySelector<HTMLElement>(focusTarget.selector)?.focus();
  }, [focusTarget]);

  const check = checkHouseholdForm(values);
  const errors = check.ok ? { members: {} } : visibleErrors(check.errors, values, touched, submitted);
  const touch = (key: string) =>
    setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
  const changeMember = (key: number, change: Partial<MemberValues>) =>
    setValues((previous) => ({
      ...previous,
      members: previous.members.map((member) => (member.key === key ? { ...member, ...change } : member)),
    }));

  const add = () => {
    const next = addMember(values);
    setValues(next);
    const added = next.members.at(-1);
    if (added) setFocusTarget({ selector: `#${memberFieldId(added.key, 'name')}` });
  };

  // The removed member's button goes with them: the keyboard goes on from "Add member".
  const remove = (key: number) => {
    setValues(removeMember(values, key));
    setFocusTarget({ selector: `#${ADD_MEMBER_ID}` });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) {
      setFocusTarget({ selector: '[aria-invalid="true"]' });
      return;
    }
    create.mutate(check.body, { onSuccess: (created) => onCreated(created.id) });
  };

  return (
    <section className="households" aria-labelledby="new-household-title">
      <Link to="/adviser/households" className="households__back">
        ← Households
      </Link>
      <h1 id="new-household-title">New household</h1>
      <p className="households__intro">
        Each member gets a questionnaire link of their own, by email or SMS, and answers alone: nothing one
        member enters is shown to another. A member sitting with you now gets no link; you open their
        questionnaire on this device once the household is created.
      </p>
      <Card>
        <form ref={form} className="household-form" onSubmit={submit} noValidate aria-label="New household">
          {create.isError ? (
            <Alert tone="error" title="The household was not created" testId="household-create-error">
              {errorMessage(create.error)}
            </Alert>
          ) : null}
          {submitted && errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          <TextField
            label="Household name"
            hint="For example, Jordan and Sam Lee. Shown on the household report."
            autoComplete="off"
            required
            value={values.name}
            onChange={(event) => setValues((previous) => ({ ...previous, name: event.target.value }))}
            onBlur={() => touch('name')}
            error={errors.name ?? null}
          />
          <ol className="household-form__members">
            {values.members.map((member, index) => (
              <li key={member.key}>
                <MemberFields
                  member={member}
                  number={index + 1}
                  errors={errors.members[member.key] ?? {}}
                  onChange={(change) => changeMember(member.key, change)}
                  onLeave={(field) => touch(touchedKey(member.key, field))}
                  onRemove={canRemoveMember(values) ? () => remove(member.key) : undefined}
                />
              </li>
            ))}
          </ol>
          <div className="household-form__actions">
            <div className="row">
              <Button id={ADD_MEMBER_ID} variant="outline" onClick={add} disabled={!canAddMember(values)}>
                Add member
              </Button>
              {canAddMember(values) ? null : (
                <span className="households__muted">
                  A household has at most {MAX_HOUSEHOLD_MEMBERS} members.
                </span>
              )}
            </div>
            <div className="row">
              <Link to="/adviser/households" className={buttonClass('ghost')}>
                Cancel
              </Link>
              <Button type="submit" loading={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create household'}
              </Button>
            </div>
          </div>
        </form>
      </Card>
    </section>
  );
}

function MemberFields({
  member,
  number,
  errors,
  onChange,
  onLeave,
  onRemove,
}: {
  member: MemberValues;
  number: number;
  errors: Partial<Record<MemberField, string>>;
  onChange: (change: Partial<MemberValues>) => void;
  onLeave: (field: MemberField) => void;
  /** Absent while the household has only the fewest members it may have. */
  onRemove: (() => void) | undefined;
}) {
  return (
    <fieldset className="household-form__member">
      <legend>Member {number}</legend>
      <TextField
        id={memberFieldId(member.key, 'name')}
        label="Full name"
        autoComplete="off"
        required
        value={member.name}
        onChange={(event) => onChange({ name: event.target.value })}
        onBlur={() => onLeave('name')}
        error={errors.name ?? null}
      />
      <div className="household-form__contacts">
        <TextField
          id={memberFieldId(member.key, 'email')}
          label="Email address"
          type="email"
          inputMode="email"
          autoComplete="off"
          hint="An email address or a mobile number: their link and the report go there."
          value={member.email}
          onChange={(event) => onChange({ email: event.target.value })}
          onBlur={() => onLeave('email')}
          error={errors.email ?? null}
        />
        <TextField
          id={memberFieldId(member.key, 'phone')}
          label="Mobile number"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="0412 345 678"
          maxLength={MOBILE_INPUT_MAX_LENGTH}
          value={member.phone}
          onChange={(event) => onChange({ phone: formatMobileNumber(event.target.value) })}
          onBlur={() => onLeave('phone')}
          error={errors.phone ?? null}
        />
      </div>
      <CheckboxField
        id={memberFieldId(member.key, 'in-person')}
        label="Sitting with me now (no link sent)"
        checked={member.inPerson}
        onCheckedChange={(inPerson) => onChange({ inPerson })}
      />
      {member.inPerson ? (
        <p className="households__muted">
          No link is sent. Once the household is created, open their questionnaire on this device; the report
          still goes to their email or mobile.
        </p>
      ) : null}
      {onRemove ? (
        <div className="row">
          <Button variant="ghost" size="sm" onClick={onRemove}>
            Remove<span className="visually-hidden"> member {number}</span>
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
