// A1: where the app's media (pet images) are served, as the caller reaches the simulator.
import { useCase, type Uses } from '../endpoint';

export const mediaBaseUrl = useCase(null, (c: Uses) => `${c.baseUrl}/media/${c.app.name}/`);
