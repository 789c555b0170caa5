// What the Settings' reset sends (POST /__sim/v1/reset). The clock is test configuration: a reset keeps it as it
// is (frozen stays frozen) unless the tester also asks for real time (behaviour §11, issue 35 item 23).
export interface ResetRequest { clock?: 'real_time' }

export const resetRequest = (alsoBackToRealTime: boolean): ResetRequest => (alsoBackToRealTime ? { clock: 'real_time' } : {});

/** The confirmation, saying what happens to the clock. */
export const resetQuestion = (alsoBackToRealTime: boolean): string =>
  `Reset the simulator? Every user, pet, consultation, payment and logged request is deleted. ${
    alsoBackToRealTime ? 'The clock goes back to real time.' : 'The clock stays as it is.'
  }`;
