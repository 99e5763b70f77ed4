import {
  STAFF_MSG as STAFF_API_MSG,
  type StaffEnrolResponse,
  type StaffLoginResponse,
  type StaffSession,
} from '@wholesale/contract/staff';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { TextField } from '../../components/text-field';
import { Navigate, useLocation } from '../../lib/router';
import { useEnrolStaffFactorMutation, useStaffLoginMutation, useVerifyStaffFactorMutation } from './auth-api';
import { staffErrorMessage } from './staff-api';
import { StaffFrame } from './staff-frame';
import { useStaffDispatch, useStaffSelector } from './staff-store';
import { STAFF_MSG } from './staff-messages';
import { staffSignedIn } from './staff-session';

export function StaffLoginPage() {
  return (
    <StaffFrame open>
      <LoginFlow />
    </StaffFrame>
  );
}

/** Where to go after signing in: the staff screen the guard was sent from, else Today. */
function returnTo(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/staff') && !from.startsWith('/staff/login') ? from : '/staff';
}

function LoginFlow() {
  const signedIn = useStaffSelector((s) => Boolean(s.staffSession.token));
  const ended = useStaffSelector((s) => s.staffSession.ended);
  const location = useLocation();
  const [step, setStep] = useState<StaffLoginResponse | null>(null);
  const [recovery, setRecovery] = useState<StaffEnrolResponse | null>(null);
  const dispatch = useStaffDispatch();

  if (recovery) {
    return (
      <RecoveryCodes
        codes={recovery.recoveryCodes}
        onDone={() => {
          setRecovery(null);
          dispatch(staffSignedIn({ token: recovery.token, staff: recovery.staff }));
        }}
      />
    );
  }
  if (signedIn) return <Navigate to={returnTo(location.state)} replace />;
  const done = (answer: StaffSession | StaffEnrolResponse) => {
    if ('recoveryCodes' in answer) setRecovery(answer);
    else dispatch(staffSignedIn({ token: answer.token, staff: answer.staff }));
  };
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title="Staff sign in" />
      {ended && !step && (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {STAFF_API_MSG.sessionEnded}
        </p>
      )}
      {!step && <PasswordStep onStep={setStep} />}
      {step?.step === 'code' && <CodeStep challenge={step.challenge} onDone={done} onRestart={() => setStep(null)} />}
      {step?.step === 'enrol' && <EnrolStep step={step} onDone={done} />}
    </div>
  );
}

/** The next step's field gets the focus its form's Continue had (the old form is gone). */
const focusOnMount = (el: HTMLInputElement | null) => el?.focus();

function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

function PasswordStep({ onStep }: { onStep: (step: StaffLoginResponse) => void }) {
  const [login, { isLoading, error }] = useStaffLoginMutation();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void login({ username: String(form.get('username') ?? ''), password: String(form.get('password') ?? '') })
      .unwrap()
      .then(onStep, () => undefined);
  };
  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" noValidate>
      <FormError message={error ? (staffErrorMessage(error) ?? 'Sign in failed.') : undefined} />
      <TextField label="Username" name="username" autoComplete="username" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" disabled={isLoading} className="w-full">
        Continue
      </Button>
    </form>
  );
}

function CodeStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: string;
  onDone: (a: StaffSession) => void;
  onRestart: () => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [verify, { isLoading, error }] = useVerifyStaffFactorMutation();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    // A code or a recovery code: the server tells them apart.
    void verify({ challenge, code })
      .unwrap()
      .then(onDone, () => undefined);
  };
  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" noValidate>
      <FormError message={error ? (staffErrorMessage(error) ?? 'That code was not accepted.') : undefined} />
      <TextField
        key={useRecovery ? 'recovery' : 'totp'}
        label={useRecovery ? 'Recovery code' : 'Authenticator code'}
        hint={
          useRecovery ? 'One of the codes you kept when you enrolled.' : 'The 6 digits your authenticator app shows.'
        }
        name="code"
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        required
        ref={focusOnMount}
      />
      <Button type="submit" disabled={isLoading} className="w-full">
        Sign in
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="text-brand-700 underline" onClick={() => setUseRecovery((v) => !v)}>
          {useRecovery ? 'Use an authenticator code' : 'Use a recovery code'}
        </button>
        <button type="button" className="text-brand-700 underline" onClick={onRestart}>
          Start again
        </button>
      </div>
    </form>
  );
}

function EnrolStep({
  step,
  onDone,
}: {
  step: Extract<StaffLoginResponse, { step: 'enrol' }>;
  onDone: (a: StaffEnrolResponse) => void;
}) {
  const [enrol, { isLoading, error }] = useEnrolStaffFactorMutation();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    void enrol({ challenge: step.challenge, code })
      .unwrap()
      .then(onDone, () => undefined);
  };
  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" noValidate>
      <h2 className="text-lg font-semibold text-brand-900">Set up your authenticator</h2>
      <p className="text-sm text-slate-700">{STAFF_MSG.secretShownOnce}</p>
      <img src={step.qrCode} alt="QR code for your authenticator app" className="mx-auto size-48" />
      <p className="text-sm">
        Secret:{' '}
        <code className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="totp-secret">
          {step.secret}
        </code>
      </p>
      <FormError message={error ? (staffErrorMessage(error) ?? 'That code was not accepted.') : undefined} />
      <TextField
        label="Code from your authenticator"
        ref={focusOnMount}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
      />
      <Button type="submit" disabled={isLoading} className="w-full">
        Confirm and sign in
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="mx-auto max-w-md">
      <PageHeading title="Your recovery codes" />
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-700">{STAFF_MSG.recoveryShownOnce}</p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono">
          {codes.map((c) => (
            <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center">
              {c}
            </li>
          ))}
        </ul>
        <Button className="w-full" onClick={onDone}>
          I have kept them: continue
        </Button>
      </div>
    </div>
  );
}
