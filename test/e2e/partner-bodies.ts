// Partner request bodies the browser tests send (one definition, so a schema change is fixed in one place).
export const BASIC_DEMO = { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` };

/** B10's required fields (src-shared/schemas/client.ts), with the test card that succeeds. */
export const b10Body = (email: string) => ({
  email, first_name: 'Priya', last_name: 'Nair', password: 's3cret-pass', device_token: 'tok-1', api_key: 'demo-api-key', dev_type: 'ios',
  other: '{}', profile: '-', gender: 'female', status: 'subscribed', type: 'monthly', name: 'Chai', species: 'cat', age: '4 years',
  color: 'spotted', sex: 'female', breed: 'Bengal', number: '4242424242424242', exp_month: '12', exp_year: '2035', cvc: '123',
  package_id: '1', price: '9.99', is_addOn: '0', addOn_package_id: '10', addOn_price: '0',
});
