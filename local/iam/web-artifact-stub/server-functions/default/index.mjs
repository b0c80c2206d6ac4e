export const handler = async () => ({ statusCode: 503, body: 'stub' });
