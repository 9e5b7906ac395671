import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import * as copy from '#shared/copy';
import type { PaymentResult } from '#shared/schemas/payments';
import { FormError } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { useConfirmStripePaymentMutation } from '../api/confirm-stripe-payment';
import { PayButton } from './pay-button';

interface StripeCardFormProps {
  orderId: string;
  clientSecret: string;
  publishableKey: string | undefined;
  paid: boolean;
  onPaid: (result: PaymentResult) => void;
  /** Where the confirmation goes when it is not the order's own payment (an invoice on account's). */
  paymentPath?: string | undefined;
}

type StripeState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/** Loads Stripe.js for a key; `pure` loads nothing until asked, so the import alone never fetches it. */
function useStripeJs(publishableKey: string | undefined): StripeState {
  const [state, setState] = useState<StripeState>({ status: 'loading' });
  useEffect(() => {
    if (!publishableKey) return undefined;
    let live = true;
    import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then(
        (stripe) => live && setState(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
        () => live && setState({ status: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return publishableKey ? state : { status: 'failed' };
}

function StripeFields({
  orderId,
  paid,
  onPaid,
  paymentPath,
}: Pick<StripeCardFormProps, 'orderId' | 'paid' | 'onPaid' | 'paymentPath'>) {
  const stripe = useStripe();
  const elements = useElements();
  const confirm = useConfirmStripePaymentMutation();
  const [ready, setReady] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setRefusal(undefined);
    setConfirming(true);
    const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required' });
    setConfirming(false);
    if (error) {
      setRefusal(error.message ?? copy.common.somethingWrong);
      return;
    }
    confirm.mutate(
      { orderId, paymentIntentId: paymentIntent.id, path: paymentPath },
      {
        onSuccess: onPaid,
        onError: (failure) => {
          if (failure instanceof ApiError && !failure.isServerFault) setRefusal(failure.message);
        },
      },
    );
  };

  const pending = confirming || confirm.isPending;
  return (
    <form noValidate aria-label={copy.payment.cardTitle} onSubmit={(event) => void submit(event)} className="grid gap-5">
      {/* The refusal was about the card as it was sent; a changed card clears it. */}
      <PaymentElement onReady={() => setReady(true)} onChange={() => setRefusal(undefined)} />
      <PayButton disabled={!stripe || !elements || !ready || pending || paid} pending={pending} />
      <FormError message={refusal} />
    </form>
  );
}

/** Stripe's card element (Stripe.js from Stripe's servers); "Failed to load Stripe.js" and no Pay when it cannot load. */
export default function StripeCardForm({
  orderId,
  clientSecret,
  publishableKey,
  paid,
  onPaid,
  paymentPath,
}: StripeCardFormProps) {
  const stripe = useStripeJs(publishableKey);
  if (stripe.status !== 'ready') {
    return (
      <div className="grid gap-5">
        {stripe.status === 'loading' ? (
          <span className="loading loading-spinner loading-md text-brand-700" aria-hidden="true" />
        ) : null}
        <PayButton disabled pending={false} />
        <FormError message={stripe.status === 'failed' ? copy.payment.stripeLoadFailed : undefined} />
      </div>
    );
  }
  return (
    <Elements stripe={stripe.stripe} options={{ clientSecret }}>
      <StripeFields orderId={orderId} paid={paid} onPaid={onPaid} paymentPath={paymentPath} />
    </Elements>
  );
}
