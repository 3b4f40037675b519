/**
 * The calculators of the results screen (consumer spec §2 "Calculator modal", §5, §9):
 *
 * - `<MortgageCalculator propertyValue onMortgageChange? onRentalUsageChange? />`
 * - `<RentalYieldCalculator propertyValue mortgage />` (mortgage: the MortgageCalculator's summary or null)
 * - `<CalculatorModal open={'mortgage' | 'rental' | null} onClose propertyValue mortgage />`
 *
 * The arithmetic lives in '@kainga/contracts/browser' (calculateMortgage, calculateRentalYield).
 */
export { MortgageCalculator, type MortgageCalculatorProps, type MortgageSummary } from './MortgageCalculator';
export { RentalYieldCalculator, type RentalYieldCalculatorProps } from './RentalYieldCalculator';
export { CalculatorModal, type CalculatorKind, type CalculatorModalProps } from './CalculatorModal';
