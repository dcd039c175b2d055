import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@platform/routing';
import { checkoutApi, errorMessage, getDeviceId, setCheckoutStep } from '@platform/api-client';
import { Button, Container, ErrorNotice, Loading, PageTitle } from '@platform/ui';

/**
 * /cart?payment={order}: the shopper is back from their bank's page (3-D Secure). The server asks the card
 * provider and places the order (then Done shows it), or says why not: still confirming (check again), or not
 * confirmed (back to the cart, which was kept).
 */
export function PaymentReturn({ orderId, redirectResult = null }: { orderId: string; redirectResult?: string | null }) {
  const navigate = useNavigate();
  const [finish] = checkoutApi.usePaymentReturnMutation();
  const [problem, setProblem] = useState<{ message: string; waiting: boolean } | null>(null);
  const asked = useRef(false);
  const check = useCallback(async () => {
    setProblem(null);
    try {
      const answer = await finish({ id: orderId, device_id: getDeviceId(), ...(redirectResult ? { redirectResult } : {}) }).unwrap();
      setCheckoutStep(1);
      navigate(`/cart?order=${encodeURIComponent(answer.order.order_number)}`, { replace: true });
    } catch (error) {
      setProblem({ message: errorMessage(error, 'We could not check your payment. Please try again.'), waiting: (error as { status?: unknown }).status === 409 });
    }
  }, [finish, navigate, orderId, redirectResult]);
  // Once per visit (the server settles an order once however often it is asked).
  useEffect(() => { if (!asked.current) { asked.current = true; void check(); } }, [check]);

  const backToCart = () => { setCheckoutStep(3); navigate('/cart', { replace: true }); };
  return (
    <Container style={{ maxWidth: 720 }}>
      <PageTitle>Payment</PageTitle>
      {problem ? (
        <ErrorNotice action={problem.waiting
          ? <Button type="button" onClick={() => void check()}>Check again</Button>
          : <Button type="button" onClick={backToCart}>Back to your cart</Button>}>
          {problem.message}
        </ErrorNotice>
      ) : <Loading label="Checking your payment with your bank…" />}
    </Container>
  );
}
