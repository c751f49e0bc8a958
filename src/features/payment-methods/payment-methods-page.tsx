/**
 * Saved payment methods (spec 2 §3 "Saved payment method"): the customer's cards with their brand
 * icon, last four digits and expiry, the default first; Make Default and Remove (with a
 * confirmation), and Add Card (the shared enrollment form). Uses the /payments/api calls of
 * src/lib/payments-client.ts; each answers the new list, which replaces the cached one.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SavedPaymentMethod } from '../../contract/payments';
import { getErrorMessage } from '../../lib/errors';
import { deletePaymentMethod, paymentQueryKeys, savedPaymentMethodsQueryOptions, setDefaultPaymentMethod } from '../../lib/payments-client';
import { CardSetupForm } from '../../ui/card-payment-form';
import { BrandIcon, brandName } from './brand-icon';
import './payment-methods.css';

const expiry = (method: SavedPaymentMethod) => `${String(method.paymentMethodExpiryMonth).padStart(2, '0')}/${String(method.paymentMethodExpiryYear).slice(-2)}`;

function MethodRow({ method, onChange }: { method: SavedPaymentMethod; onChange: (run: () => Promise<SavedPaymentMethod[]>) => Promise<void> }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const name = `${brandName(method.paymentMethodName)} ending in ${method.paymentMethodLast4}`;
  return (
    <li className="payment-methods__item" aria-label={name}>
      <BrandIcon brand={method.paymentMethodName} />
      <span>
        {name} · expires {expiry(method)}
        {method.isDefault && <strong className="payment-methods__default"> Default</strong>}
      </span>
      <span className="payment-methods__actions">
        {!method.isDefault && <button type="button" className="button button--secondary" onClick={() => void onChange(() => setDefaultPaymentMethod(method.customerPaymentMethodId))}>Make Default</button>}
        {isConfirming ? (
          <>
            <button type="button" className="button" onClick={() => void onChange(() => deletePaymentMethod(method.customerPaymentMethodId))}>Yes, remove</button>
            <button type="button" className="button button--secondary" onClick={() => setIsConfirming(false)}>Keep</button>
          </>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setIsConfirming(true)}>Remove</button>
        )}
      </span>
    </li>
  );
}

export function PaymentMethodsPage({ defaultName }: { defaultName: string }) {
  const queryClient = useQueryClient();
  const methods = useQuery(savedPaymentMethodsQueryOptions);
  const [error, setError] = useState('');
  const [isAdding, setIsAdding] = useState(false);
  const change = async (run: () => Promise<SavedPaymentMethod[]>) => {
    setError('');
    try {
      queryClient.setQueryData(paymentQueryKeys.methods, await run());
    } catch (caught: unknown) {
      setError(getErrorMessage(caught));
    }
  };
  return (
    <div className="payment-methods">
      {error && <p className="notice notice--alert" role="alert">{error}</p>}
      {methods.isPending && <ul className="payment-methods__list" aria-busy="true">{[0, 1].map((row) => <li key={row} className="payment-methods__skeleton" />)}</ul>}
      {methods.isError && (
        <div role="alert">
          <p className="notice notice--alert">{getErrorMessage(methods.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void methods.refetch()}>Try again</button>
        </div>
      )}
      {methods.data && methods.data.length === 0 && <p>You have no saved cards. Save one here or when you pay.</p>}
      {methods.data && methods.data.length > 0 && (
        <ul className="payment-methods__list" data-testid="payment-methods">
          {methods.data.map((method) => <MethodRow key={method.customerPaymentMethodId} method={method} onChange={change} />)}
        </ul>
      )}
      {isAdding ? (
        <CardSetupForm title="Add Payment Method" defaultName={defaultName} onSuccess={() => setIsAdding(false)} />
      ) : (
        <button type="button" className="button" onClick={() => setIsAdding(true)}>Add Card</button>
      )}
    </div>
  );
}
