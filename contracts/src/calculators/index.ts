/** Pure calculators of the results screen (consumer spec §2 "Calculator modal", §5, §9). */
export * from './mortgage';
export * from './rental-yield';
