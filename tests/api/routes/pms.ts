/** Products: sellers look brands, categories and attributes up for their products; the marketing pickers look brands, products and categories up. */
import { defineRoutes, PRODUCTS, PRODUCTS_AND_SELLERS, PRODUCTS_SELLERS_MARKETING } from './access';

export const routes = defineRoutes({
  entities: {
    brand: { all: PRODUCTS, except: { list: PRODUCTS_SELLERS_MARKETING } },
    // `nested` is mall's category cascader (GET /productCategory/list/withChildren), a look-up like the list.
    productCategory: { all: PRODUCTS, except: { list: PRODUCTS_SELLERS_MARKETING, nested: PRODUCTS_SELLERS_MARKETING } },
    productAttributeCategory: { all: PRODUCTS, except: { list: PRODUCTS_AND_SELLERS } },
    productAttribute: { all: PRODUCTS, except: { list: PRODUCTS_AND_SELLERS } },
    // Sellers' own catalog (their shops' products and SKUs); the product admin's too.
    product: { all: PRODUCTS_AND_SELLERS, except: { list: PRODUCTS_SELLERS_MARKETING } },
    // Sellers' own shops' freight templates, which their products name; the product admin's too.
    feightTemplate: { all: PRODUCTS_AND_SELLERS },
  },
});
