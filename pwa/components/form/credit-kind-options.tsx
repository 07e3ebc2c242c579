/** The credit types as a `<Select>`'s options, labelled as they read on certificates ("ASQ RU", "contact hours"). */
import { CREDIT_KINDS, CREDIT_KIND_LABELS } from '@contracts/credits';

export function CreditKindOptions() {
  return (
    <>
      {CREDIT_KINDS.map((kind) => (
        <option key={kind} value={kind}>
          {CREDIT_KIND_LABELS[kind]}
        </option>
      ))}
    </>
  );
}
