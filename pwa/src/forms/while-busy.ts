/**
 * A dialog's ways out while its request runs: Cancel, the close button and Escape do nothing
 * until the answer comes (the request cannot be taken back, and its outcome is shown in the dialog).
 */
export function whileBusy(busy: boolean, close: () => void) {
  return {
    cancelButtonProps: { disabled: busy },
    onCancel: () => {
      if (!busy) close();
    },
    closable: !busy,
    keyboard: !busy,
  };
}
