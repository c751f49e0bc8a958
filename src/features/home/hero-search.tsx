/**
 * The home hero search box. Place predictions arrive with the search feature; until then a
 * submitted text goes straight to /search/results with the query.
 */
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toSearchQuery } from './search-params';

export function HeroSearch() {
  const navigate = useNavigate();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const q = toSearchQuery(text);
    if (!q) {
      inputRef.current?.focus();
      return;
    }
    void navigate({ to: '/search/results', search: { q } });
  };

  return (
    <form role="search" className="hero-search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search Address or Location
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        className="hero-search__input"
        placeholder="Search Address or Location"
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button hero-search__submit">
        Search
      </button>
    </form>
  );
}
