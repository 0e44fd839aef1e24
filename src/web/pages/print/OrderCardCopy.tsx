import { OrderCard } from './OrderCard';

/** /prCardCopy: the order card marked COPY, for the second party. */
export default function OrderCardCopy() {
  return <OrderCard copy />;
}
