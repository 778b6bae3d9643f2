/** The 'Pipeline' board's move forms (issue 49): a card moves by keyboard, with or without JavaScript. */
export const BOARD_MOVE_TEXTS = {
  move: "Move",
  moveCard: (name: string) => `Move ${name}`,
  moveTo: "Move to",
  reason: "Reason (for Lost)",
  value: "Value (£, for Won)",
  moved: (name: string, stage: string) => `${name} moved to ${stage}`,
} as const;
