export const PRODUCT_NAME = 'Lawn Care Office';
