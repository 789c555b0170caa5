// A1: where the app's media (pet images) are served, as the caller reaches the simulator.
import { useCase } from '../endpoint';

export const mediaBaseUrl = useCase(null, (c) => `${c.baseUrl}/media/${c.app.name}/`);
