/**
 * A street input that suggests US addresses from our own gazetteer (src/contract/addresses.ts) and,
 * on a choice, hands the whole address to the form, which fills street, city, state and ZIP
 * (spec 2 §5 "Monthly form", spec 3 §3 Claim). The ARIA 1.2 combobox pattern: the input keeps
 * focus, ↓/↑ move through the list (aria-activedescendant), Enter takes the highlighted address,
 * Escape closes; a tap on an option takes it without the keyboard closing first. Typing is looked
 * up only after a pause, and never for a value the form restored or an address just chosen.
 * Offline or on a failed lookup the list stays empty: the field is a plain text field then.
 */
import { useEffect, useId, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { ADDRESS_AUTOCOMPLETE_PATH, ADDRESS_INPUT_MIN_LENGTH, addressSuggestionsSchema, type AddressSuggestion } from '../contract/addresses';
import { apiFetch } from '../lib/api-client';
import { useDebouncedValue } from './use-debounced-value';
import './address-combobox.css';

const DEBOUNCE_MS = 300;
const MAX_WAIT_MS = 800;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'role'> & {
  id: string;
  value: string;
  onTextChange: (text: string) => void;
  /** The chosen address: the form fills its street, city, state and ZIP fields from it. */
  onPick: (address: AddressSuggestion) => void;
};

export function AddressCombobox({ id, value, onTextChange, onPick, onKeyDown: hostKeyDown, onBlur: hostBlur, ...input }: Props) {
  const listId = useId();
  /** What the driver typed since the last choice; '' asks nothing. */
  const [typed, setTyped] = useState('');
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const settled = useDebouncedValue(typed.trim(), DEBOUNCE_MS, MAX_WAIT_MS);

  useEffect(() => {
    if (settled.length < ADDRESS_INPUT_MIN_LENGTH) {
      setSuggestions([]);
      setAnsweredFor(null);
      return undefined;
    }
    const controller = new AbortController();
    apiFetch(`${ADDRESS_AUTOCOMPLETE_PATH}?${new URLSearchParams({ input: settled })}`, { schema: addressSuggestionsSchema, signal: controller.signal }).then(
      (answer) => {
        setSuggestions(answer.suggestions);
        setAnsweredFor(settled);
        setHighlight(-1);
      },
      () => {
        if (controller.signal.aborted) return;
        setSuggestions([]);
        setAnsweredFor(null); // a failed lookup is not "no such address": the list just stays empty
      },
    );
    return () => controller.abort();
  }, [settled]);

  const close = () => {
    setIsOpen(false);
    setHighlight(-1);
  };
  const pick = (address: AddressSuggestion) => {
    setTyped('');
    setSuggestions([]);
    setAnsweredFor(null);
    close();
    onPick(address);
  };

  const isShown = isOpen && suggestions.length > 0 && answeredFor === typed.trim();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && suggestions.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && isShown && highlight >= 0) {
      // Only a highlighted address is taken; otherwise Enter keeps its meaning in the form.
      event.preventDefault();
      pick(suggestions[highlight]!);
    } else if (event.key === 'Escape' && isShown) {
      event.preventDefault();
      close();
    }
    hostKeyDown?.(event);
  };

  const status = isShown
    ? `${suggestions.length} ${suggestions.length === 1 ? 'address' : 'addresses'} found. Use the up and down arrows, or tap one, to fill in the address.`
    : isOpen && answeredFor !== null && answeredFor === typed.trim() && suggestions.length === 0
      ? 'No address found in our list. Type it in full.'
      : '';
  return (
    <div className="address-combobox">
      <input
        {...input}
        id={id}
        type="text"
        // The browser's own address list would open over ours; the city and ZIP fields still offer it.
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isShown}
        aria-controls={listId}
        aria-activedescendant={isShown && highlight >= 0 ? `${listId}-${highlight}` : undefined}
        value={value}
        onChange={(event) => {
          onTextChange(event.target.value);
          setTyped(event.target.value);
          setIsOpen(true);
          setHighlight(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          close();
          hostBlur?.(event);
        }}
      />
      <ul id={listId} role="listbox" aria-label="Address suggestions" className="address-combobox__list" hidden={!isShown}>
        {isShown &&
          suggestions.map((address, index) => (
            <li
              key={address.label}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === highlight}
              className="address-combobox__option"
              // Keeps the focus (and the phone's keyboard) in the input, so the tap lands on the option.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setHighlight(index)}
              onClick={() => pick(address)}
            >
              {address.label}
              {address.kind === 'street' && <span className="address-combobox__hint"> · add the house number</span>}
            </li>
          ))}
      </ul>
      <p role="status" className="visually-hidden">{status}</p>
    </div>
  );
}
