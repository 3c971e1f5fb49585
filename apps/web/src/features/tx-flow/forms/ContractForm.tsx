import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { isAddressEqual, type Address } from 'viem';
import * as z from 'zod/mini';
import { ok, type Result } from '../../../lib/result';
import { Button, SelectField, TextAreaField, TextField } from '../../../ui';
import { shownError, useSchemaForm } from '../../../ui/schemaForm';
import { abiText as keptAbiText, contractAbi, useAddressCaution } from '../../address-book';
import { useBalances } from '../../assets';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { parseAbiJson, type AbiParam, type WriteFunction } from '../../../lib/abiJson';
import {
  describeType,
  encodeCall,
  isTokenAmount,
  readArgument,
  tokenAmountHint,
  type TokenUnit,
} from '../abiInputs';
import { abiPresets, type AbiPreset } from './abiPresets';
import { contractCallAction, rawCallAction } from './actions';
import { checkAddress, checkHexData, parseTokenAmount, tokenText, type Checked } from './checks';
import { AddressField } from './fields';
import { heldTokenUnit } from './sendTokens';
import { built, notBuilt, TxForm, type BuildResult } from './TxForm';
import styles from './Forms.module.css';
import { RadioChoices } from '../../../ui/RadioChoices';

type Mode = 'abi' | 'raw';

/**
 * Where each argument's text is kept: per function, so switching functions and back keeps it. A
 * form field's name, so without the dots, brackets and commas react-hook-form reads as a path.
 */
const argKey = (fn: WriteFunction, index: number) =>
  `${fn.signature.replace(/[^A-Za-z0-9]/g, (char) => `_${char.charCodeAt(0).toString(16)}`)}_${index}`;

/**
 * Contract interaction: a call to any contract, by a function of an ABI the user pastes (the
 * gateway offers no ABIs, so nothing is looked up), or as raw calldata.
 */
export function ContractForm({
  onReview,
  initial,
}: {
  onReview: (draft: TxDraft) => void;
  /** The `to` and `data` link parameters: the contract to start with, and raw calldata for it. */
  initial: { to?: string; data?: string };
}) {
  const { address: safe, chain } = useSafe();
  const cautionOf = useAddressCaution();
  const native = { symbol: tokenText(chain.nativeCurrency.symbol), decimals: chain.nativeCurrency.decimals };
  const checkContract = (input: string) => withSelfWarning(checkAddress(input, chain.shortName), safe);
  // The Safe's token list gives a token contract's decimals for amounts.
  const { view: balances } = useBalances();
  const unitOf = (address: Address) => heldTokenUnit(balances, address);
  const schema = contractCallSchema(checkContract, native, unitOf);
  const form = useSchemaForm(schema, {
    contract: initial.to ?? '',
    mode: initial.data === undefined ? 'abi' : 'raw',
    abi: '',
    signature: '',
    args: {},
    value: '',
    data: initial.data ?? '',
  });
  const [mode, abiText, signature, value, contractText, argTexts] = form.watch([
    'mode',
    'abi',
    'signature',
    'value',
    'contract',
    'args',
  ]);
  // The ABI kept in the address book for this contract fills an empty ABI field.
  const contract = checkContract(contractText);
  const keptAbi = contract.ok ? contractAbi(chain.chainId, contract.value) : undefined;
  useEffect(() => {
    if (keptAbi && form.getValues('abi').trim() === '')
      form.setValue('abi', keptAbiText(keptAbi), { shouldValidate: true });
  }, [keptAbi, form]);
  const { abi, functions, fn, paying } = callShape(mode, abiText, signature);
  // The function shown is the form's too: when an ABI arrives (a preset, the address book), the
  // select registers with the empty signature and would show none of its options.
  const shownSignature = fn?.signature;
  useEffect(() => {
    if (shownSignature !== undefined && form.getValues('signature') !== shownSignature)
      form.setValue('signature', shownSignature);
  }, [shownSignature, form]);
  const checkedValue = readValue(value, paying, native);
  const unit = contract.ok ? heldTokenUnit(balances, contract.value) : undefined;

  // A standard ABI chosen over other text keeps that text to bring back, while the standard's stands.
  const [replaced, setReplaced] = useState<{ preset: AbiPreset; text: string }>();
  const choosePreset = (preset: AbiPreset) => {
    const current = form.getValues('abi');
    setReplaced(current.trim() === '' || current === preset.text ? undefined : { preset, text: current });
    form.setValue('abi', preset.text, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const undoPreset = (text: string) => {
    setReplaced(undefined);
    form.setValue('abi', text, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    form.setFocus('abi');
  };

  const build = (values: z.output<typeof schema>): BuildResult => {
    if (values.fn === undefined)
      return built(rawCallAction(values.contract, values.data, values.value, native));
    const encoded = encodeCall(values.fn, values.args);
    if (!encoded.ok) return notBuilt(encoded.error);
    return built(
      contractCallAction(
        values.contract,
        { fn: values.fn, args: values.args, data: encoded.value },
        values.value,
        native,
      ),
    );
  };

  return (
    <TxForm title="Contract interaction" form={form} build={build} onReview={onReview} testId="contract-form">
      <AddressField
        form={form}
        name="contract"
        label="Contract address"
        check={checkContract}
        testId="contract-address"
      />
      <ModeChoice mode={mode} field={form.register('mode')} />
      {mode === 'abi' ? (
        <>
          <TextAreaField
            label="ABI"
            mono
            rows={6}
            {...form.register('abi')}
            placeholder='[{"type":"function","name":"transfer", …}]'
            labelAction={<PresetChoice onChoose={choosePreset} />}
            // A pasted ABI is checked at once: there is no half-typed state to spare the user.
            error={shownError(form, 'abi') ?? (abi.ok || abiText.trim() === '' ? undefined : abi.error)}
            hint={
              abi.ok
                ? `${functions.length} ${functions.length === 1 ? 'function' : 'functions'} to call${
                    abi.value.readOnly > 0 ? `; ${abi.value.readOnly} view or pure left out` : ''
                  }.${keptAbi && abiText === keptAbiText(keptAbi) ? ' From your address book.' : ''}`
                : 'The JSON ABI from the contract’s verified source or build files (an artifact with "abi" works too). Kept in the address book, it fills in by itself and decodes calls to the contract.'
            }
            warning={
              abi.ok && abi.value.unsupported.length > 0 ? (
                <Unsupported list={abi.value.unsupported} />
              ) : undefined
            }
            testId="contract-abi"
          />
          {replaced !== undefined && abiText === replaced.preset.text && (
            <p className={styles.replaced} role="status" data-testid="contract-abi-replaced">
              Your ABI was replaced with the {replaced.preset.label} functions.
              <Button
                size="sm"
                variant="ghost"
                onClick={() => undoPreset(replaced.text)}
                data-testid="contract-abi-undo"
              >
                Undo
              </Button>
            </p>
          )}
          {fn !== undefined && (
            <>
              <SelectField
                label="Function"
                {...form.register('signature')}
                value={fn.signature}
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
                        param={param}
                        index={index}
                        field={form.register(`args.${argKey(fn, index)}`)}
                        error={shownError(form, `args.${argKey(fn, index)}`)}
                        unit={unit !== undefined && isTokenAmount(fn, index) ? unit : undefined}
                        text={argTexts[argKey(fn, index)] ?? ''}
                        warning={addressesWarning(param, argTexts[argKey(fn, index)] ?? '', cautionOf)}
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
          {...form.register('data')}
          placeholder="0x"
          error={shownError(form, 'data')}
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
          {...form.register('value')}
          error={
            shownError(form, 'value') ?? (checkedValue.ok || value === '' ? undefined : checkedValue.error)
          }
          hint={`Sent with the call, in ${native.symbol}; empty for none.`}
          testId="contract-value"
        />
      )}
    </TxForm>
  );
}

type Native = { symbol: string; decimals: number };

/** What the mode, ABI and chosen function make of the call: its functions, the one chosen, if it pays. */
function callShape(mode: Mode, abiText: string, signature: string) {
  const abi = parseAbiJson(abiText);
  const functions = abi.ok ? abi.value.functions : [];
  const fn = functions.find((entry) => entry.signature === signature) ?? functions[0];
  return { abi, functions, fn, paying: mode === 'raw' || fn?.payable === true };
}

/** The value sent with the call: none unless it pays, and empty for none. */
const readValue = (input: string, paying: boolean, native: Native): Checked<bigint> =>
  !paying || input.trim() === '' ? ok(0n) : parseTokenAmount(input, { ...native, allowZero: true });

/**
 * The form's rules. Which fields count depends on the others (the mode, the ABI's functions), so
 * the whole is read at once and each problem is put on its field; a field not in play (the data in
 * ABI mode, a function not chosen) holds its text without being checked.
 */
function contractCallSchema(
  checkContract: (input: string) => Checked<Address>,
  native: Native,
  unitOf: (contract: Address) => TokenUnit | undefined,
) {
  return z.pipe(
    z.object({
      contract: z.string(),
      mode: z.enum(['abi', 'raw']),
      abi: z.string(),
      signature: z.string(),
      args: z.record(z.string(), z.string()),
      value: z.string(),
      data: z.string(),
    }),
    z.transform((texts, context) => {
      const problems = context.issues.length;
      const check = <T,>(checked: Result<T>, path: string[], fallback: T): T => {
        if (checked.ok) return checked.value;
        context.issues.push({ code: 'custom', message: checked.error, input: texts, path });
        return fallback;
      };
      const { abi, fn, paying } = callShape(texts.mode, texts.abi, texts.signature);
      const contract = check(checkContract(texts.contract), ['contract'], undefined);
      const called = texts.mode === 'abi' ? fn : undefined;
      if (texts.mode === 'abi') check(abi, ['abi'], undefined);
      const unit = contract === undefined ? undefined : unitOf(contract);
      const args =
        called?.inputs.map((param, index) => {
          const key = argKey(called, index);
          const amountUnit = isTokenAmount(called, index) ? unit : undefined;
          return check(readArgument(param, texts.args[key] ?? '', amountUnit), ['args', key], undefined);
        }) ?? [];
      const value = check(readValue(texts.value, paying, native), ['value'], 0n);
      const data = texts.mode === 'raw' ? check(checkHexData(texts.data), ['data'], '0x') : '0x';
      if (context.issues.length > problems || contract === undefined) return z.NEVER;
      return { contract, fn: called, args, value, data };
    }),
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

function ModeChoice({ mode, field }: { mode: Mode; field: UseFormRegisterReturn }) {
  const choices: { value: Mode; label: string }[] = [
    { value: 'abi', label: 'Choose a function from the ABI' },
    { value: 'raw', label: 'Enter raw data' },
  ];
  return (
    <RadioChoices
      legend="How to describe the call"
      choices={choices.map((choice) => ({ ...choice, testId: `contract-mode-${choice.value}` }))}
      inputProps={(value) => ({ ...field, checked: mode === value })}
    />
  );
}

/** The standard interfaces' functions, to fill the ABI field with. */
function PresetChoice({ onChoose }: { onChoose: (preset: AbiPreset) => void }) {
  return (
    <span className={styles.presets} role="group" aria-label="Fill in a standard ABI">
      <span aria-hidden="true">Standard:</span>
      {abiPresets.map((preset) => (
        <Button
          key={preset.id}
          size="sm"
          variant="ghost"
          className={styles.maxButton}
          onClick={() => onChoose(preset)}
          data-testid={`contract-abi-${preset.id}`}
        >
          {preset.label}
        </Button>
      ))}
    </span>
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

/**
 * An address parameter (alone, in a list or in a tuple) that looks like an address the user knows:
 * the first such address's warning, as the address fields give it. It does not block.
 */
function addressesWarning(
  param: AbiParam,
  text: string,
  cautionOf: ReturnType<typeof useAddressCaution>,
): string | undefined {
  if (!param.type.includes('address') && !param.type.startsWith('tuple')) return undefined;
  for (const [address] of text.matchAll(/0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g)) {
    const { warning } = cautionOf(address);
    if (warning !== undefined) return warning;
  }
  return undefined;
}

/**
 * One parameter's field, by its type: a choice for bool, JSON space for tuples and nested lists. An
 * amount of a token the Safe holds (`unit`) says what it is in the token's units.
 */
function ArgumentField({
  param,
  index,
  field,
  error,
  unit,
  text,
  warning,
}: {
  param: AbiParam;
  index: number;
  field: UseFormRegisterReturn;
  error: string | undefined;
  unit: TokenUnit | undefined;
  /** What the field holds now. */
  text: string;
  warning: string | undefined;
}) {
  const label = `${param.name || `Parameter ${index + 1}`} (${param.type})`;
  const hint = unit === undefined ? describeType(param) : tokenAmountHint(param, text, unit);
  const common = { label, hint, error, warning, testId: `contract-param-${index}`, ...field };
  if (param.type === 'bool')
    return (
      <SelectField {...common}>
        <option value="">Choose…</option>
        <option value="true">true</option>
        <option value="false">false</option>
      </SelectField>
    );
  const structured = param.type.startsWith('tuple') || /\[\d*\]\[\d*\]$/.test(param.type);
  if (structured) return <TextAreaField {...common} mono rows={3} />;
  return <TextField {...common} mono={param.type !== 'string'} />;
}
