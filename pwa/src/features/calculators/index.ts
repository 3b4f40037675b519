/**
 * The calculators of the results screen (consumer spec §2 "Calculator modal", §5, §9):
 *
 * - `<MortgageCalculator propertyValue onMortgageChange? onRentalUsageChange? adLocation? />`
 * - `<RentalYieldCalculator propertyValue mortgage adLocation? />` (mortgage: the MortgageCalculator's summary or null)
 * - `<CalculatorModal open={'mortgage' | 'rental' | null} onClose propertyValue mortgage />`
 *
 * `adLocation` (the property's place) adds the calculator's local-partner advert (../adverts).
 *
 * The arithmetic lives in '@kainga/contracts/browser' (calculateMortgage, calculateRentalYield).
 */
export { MortgageCalculator, type MortgageCalculatorProps, type MortgageSummary } from './MortgageCalculator';
export { RentalYieldCalculator, type RentalYieldCalculatorProps } from './RentalYieldCalculator';
export { CalculatorModal, type CalculatorKind, type CalculatorModalProps } from './CalculatorModal';
