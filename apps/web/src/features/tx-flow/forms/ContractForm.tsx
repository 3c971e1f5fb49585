import { useId, useMemo, useState } from 'react';
import { isAddressEqual, type Address } from 'viem';
import { SelectField, TextAreaField, TextField } from '../../../ui';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import {
  describeType,
  encodeCall,
  parseAbiJson,
  parseArgument,
  type AbiParam,
  type WriteFunction,
} from './abiInputs';
import { contractCallAction, rawCallAction } from './actions';
import { checkAddress, checkHexData, parseTokenAmount, tokenText, type Checked } from './checks';
import { AddressField } from './fields';
import { built, notBuilt, TxForm, type BuildResult } from './TxForm';
import { useErrorDisplay, type ErrorDisplay } from './useErrorDisplay';
import styles from './Forms.module.css';

type Mode = 'abi' | 'raw';

/** Where each argument's text is kept: per function, so switching functions and back keeps it. */
const argKey = (fn: WriteFunction, index: number) => `${fn.signature}#${index}`;

/**
 * Contract interaction: a call to any contract, by a function of an ABI the user pastes (the
 * gateway offers no ABIs, so nothing is looked up), or as raw calldata.
 */
export function ContractForm({
  onReview,
  initial,
}: {
  onReview: (draft: TxDraft) => void;
  /** The `to` link parameter: the contract to start with. */
  initial: { to?: string };
}) {
  const { address: safe, chain } = useSafe();
  const native = { symbol: tokenText(chain.nativeCurrency.symbol), decimals: chain.nativeCurrency.decimals };
  const display = useErrorDisplay();
  const [contract, setContract] = useState(initial.to ?? '');
  const [mode, setMode] = useState<Mode>('abi');
  const [abiText, setAbiText] = useState('');
  const [signature, setSignature] = useState('');
  const [args, setArgs] = useState<Readonly<Record<string, string>>>({});
  const [value, setValue] = useState('');
  const [data, setData] = useState('');

  const checkedContract = withSelfWarning(checkAddress(contract, chain.shortName), safe);
  const abi = useMemo(() => parseAbiJson(abiText), [abiText]);
  const functions = abi.ok ? abi.value.functions : [];
  const fn = functions.find((entry) => entry.signature === signature) ?? functions[0];
  const checkedArgs = fn?.inputs.map((param, index) => parseArgument(param, args[argKey(fn, index)] ?? ''));
  const paying = mode === 'raw' || fn?.payable === true;
  const checkedValue: Checked<bigint> =
    !paying || value.trim() === ''
      ? { ok: true, value: 0n }
      : parseTokenAmount(value, { ...native, allowZero: true });
  const checkedData = checkHexData(data);

  const build = (): BuildResult => {
    if (!checkedContract.ok || !checkedValue.ok) return notBuilt();
    if (mode === 'raw') {
      if (!checkedData.ok) return notBuilt();
      return built(rawCallAction(checkedContract.value, checkedData.value, checkedValue.value, native));
    }
    if (fn === undefined || checkedArgs === undefined) return notBuilt();
    const values: unknown[] = [];
    for (const arg of checkedArgs) {
      if (!arg.ok) return notBuilt();
      values.push(arg.value);
    }
    const encoded = encodeCall(fn, values);
    if (!encoded.ok) return notBuilt(encoded.error);
    return built(
      contractCallAction(
        checkedContract.value,
        { fn, args: values, data: encoded.value },
        checkedValue.value,
        native,
      ),
    );
  };

  return (
    <TxForm
      title="Contract interaction"
      build={build}
      onReview={onReview}
      display={display}
      testId="contract-form"
    >
      <AddressField
        name="contract"
        label="Contract address"
        value={contract}
        onChange={setContract}
        checked={checkedContract}
        display={display}
        testId="contract-address"
      />
      <ModeChoice mode={mode} onChange={setMode} />
      {mode === 'abi' ? (
        <>
          <TextAreaField
            label="ABI"
            mono
            rows={6}
            value={abiText}
            onChange={(event) => setAbiText(event.target.value)}
            onBlur={() => display.touch('abi')}
            placeholder='[{"type":"function","name":"transfer", …}]'
            // A pasted ABI is checked at once: there is no half-typed state to spare the user.
            error={display.error('abi', abi.ok ? undefined : abi.error, abiText.trim() !== '')}
            hint={
              abi.ok
                ? `${functions.length} ${functions.length === 1 ? 'function' : 'functions'} to call${
                    abi.value.readOnly > 0 ? `; ${abi.value.readOnly} view or pure left out` : ''
                  }.`
                : 'The JSON ABI from the contract’s verified source or build files (an artifact with "abi" works too).'
            }
            warning={
              abi.ok && abi.value.unsupported.length > 0 ? (
                <Unsupported list={abi.value.unsupported} />
              ) : undefined
            }
            testId="contract-abi"
          />
          {fn !== undefined && checkedArgs !== undefined && (
            <>
              <SelectField
                label="Function"
                value={fn.signature}
                onChange={(event) => setSignature(event.target.value)}
                hint={fn.payable ? 'Payable: it can receive a value with the call.' : undefined}
                testId="contract-function"
              >
                {functions.map((entry) => (
                  <option key={entry.signature} value={entry.signature}>
                    {entry.signature}
                    {entry.payable ? ' (payable)' : ''}
                  </option>
                ))}
              </SelectField>
              {fn.inputs.length > 0 && (
                <fieldset className={styles.fieldset} data-testid="contract-params">
                  <legend className={styles.legend}>Parameters of {fn.name}</legend>
                  <div className={styles.params}>
                    {fn.inputs.map((param, index) => (
                      <ArgumentField
                        key={argKey(fn, index)}
                        name={argKey(fn, index)}
                        param={param}
                        index={index}
                        value={args[argKey(fn, index)] ?? ''}
                        onChange={(text) =>
                          setArgs((previous) => ({ ...previous, [argKey(fn, index)]: text }))
                        }
                        checked={checkedArgs[index] ?? { ok: false, error: 'Missing.' }}
                        display={display}
                      />
                    ))}
                  </div>
                </fieldset>
              )}
            </>
          )}
        </>
      ) : (
        <TextAreaField
          label="Data"
          mono
          rows={4}
          value={data}
          onChange={(event) => setData(event.target.value)}
          onBlur={() => display.touch('data')}
          placeholder="0x"
          error={display.error('data', checkedData.ok ? undefined : checkedData.error)}
          hint="The calldata in hex, from 0x; empty sends no data."
          testId="contract-data"
        />
      )}
      {paying && (
        <TextField
          label={`Value (${native.symbol})`}
          mono
          inputMode="decimal"
          placeholder="0"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => display.touch('value')}
          error={display.error('value', checkedValue.ok ? undefined : checkedValue.error, value !== '')}
          hint={`Sent with the call, in ${native.symbol}; empty for none.`}
          testId="contract-value"
        />
      )}
    </TxForm>
  );
}

/** A contract call to the Safe itself changes its settings: the settings forms say what it does. */
function withSelfWarning(checked: Checked<Address>, safe: Address): Checked<Address> {
  if (!checked.ok || !isAddressEqual(checked.value, safe)) return checked;
  return {
    ...checked,
    warning:
      'This is the Safe itself: a call to it can change its owners, modules or guard. Prefer the settings forms.',
  };
}

function ModeChoice({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const name = useId();
  const choices: { value: Mode; label: string }[] = [
    { value: 'abi', label: 'Choose a function from the ABI' },
    { value: 'raw', label: 'Enter raw data' },
  ];
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>How to describe the call</legend>
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={mode === choice.value}
              onChange={() => onChange(choice.value)}
              data-testid={`contract-mode-${choice.value}`}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Unsupported({ list }: { list: readonly string[] }) {
  return (
    <>
      Left out, as their parameters cannot be entered here:
      <ul className={styles.unsupported}>
        {list.map((entry) => (
          <li key={entry}>{entry}</li>
        ))}
      </ul>
    </>
  );
}

/** One parameter's field, by its type: a choice for bool, JSON space for tuples and nested lists. */
function ArgumentField({
  name,
  param,
  index,
  value,
  onChange,
  checked,
  display,
}: {
  name: string;
  param: AbiParam;
  index: number;
  value: string;
  onChange: (text: string) => void;
  checked: Checked<unknown>;
  display: ErrorDisplay;
}) {
  const label = `${param.name || `Parameter ${index + 1}`} (${param.type})`;
  const common = {
    label,
    hint: describeType(param),
    error: display.error(name, checked.ok ? undefined : checked.error),
    testId: `contract-param-${index}`,
  };
  if (param.type === 'bool')
    return (
      <SelectField
        {...common}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => display.touch(name)}
      >
        <option value="">Choose…</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </SelectField>
    );
  const structured = param.type.startsWith('tuple') || /\[\d*\]\[\d*\]$/.test(param.type);
  if (structured)
    return (
      <TextAreaField
        {...common}
        mono
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => display.touch(name)}
      />
    );
  return (
    <TextField
      {...common}
      mono={param.type !== 'string'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => display.touch(name)}
    />
  );
}
