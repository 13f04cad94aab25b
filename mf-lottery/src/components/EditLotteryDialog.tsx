import { lazy, Suspense } from 'react';
import type { UpdateLotteryModalProps } from './UpdateLotteryModal.tsx';

const UpdateLotteryModal = lazy(() =>
  import('./UpdateLotteryModal.tsx').then((module) => ({ default: module.UpdateLotteryModal })),
);

/** The Update Lottery dialog, downloaded (with antd's date picker) when an admin first opens it. */
export function EditLotteryDialog(props: UpdateLotteryModalProps) {
  if (!props.lottery) return null;
  return (
    <Suspense fallback={null}>
      <UpdateLotteryModal {...props} />
    </Suspense>
  );
}
