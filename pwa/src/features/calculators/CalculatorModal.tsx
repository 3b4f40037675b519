import { Modal } from 'antd';
import { MortgageCalculator, type MortgageSummary } from './MortgageCalculator';
import { RentalYieldCalculator } from './RentalYieldCalculator';

export type CalculatorKind = 'mortgage' | 'rental';

export interface CalculatorModalProps {
  /** Which calculator is open, or null when closed. */
  open: CalculatorKind | null;
  onClose: () => void;
  propertyValue: number;
  /** The mortgage calculator's result, for the rental calculator's cash flow. */
  mortgage: MortgageSummary | null;
}

const titles: Record<CalculatorKind, string> = { mortgage: 'Mortgage Calculator', rental: 'Rental Yield Calculator' };

/** The calculator modal (consumer spec §2): either the mortgage or the rental yield calculator. */
export function CalculatorModal({ open, onClose, propertyValue, mortgage }: CalculatorModalProps) {
  return (
    <Modal open={open !== null} onCancel={onClose} title={open ? titles[open] : undefined} footer={null} width={760} destroyOnHidden>
      {open === 'mortgage' && <MortgageCalculator propertyValue={propertyValue} showTitle={false} />}
      {open === 'rental' && <RentalYieldCalculator propertyValue={propertyValue} mortgage={mortgage} showTitle={false} />}
    </Modal>
  );
}
