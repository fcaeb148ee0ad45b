#import <StoreKit/StoreKit.h>
#import "PurchaseObserver.h"

@implementation PurchaseObserver

+ (PurchaseObserver *)shared {
    static PurchaseObserver *instance;
    static dispatch_once_t once;
    dispatch_once(&once, ^{ instance = [[PurchaseObserver alloc] init]; });
    return instance;
}

- (void)start {
    [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
}

- (void)buy:(SKProduct *)product {
    [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:product]];
}

- (void)restorePurchases {
    [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
}

- (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
    for (SKPaymentTransaction *transaction in transactions) {
        switch (transaction.transactionState) {
            case SKPaymentTransactionStatePurchased:
                [self complete:transaction queue:queue];
                break;
            case SKPaymentTransactionStateRestored:
                [self complete:transaction queue:queue];
                break;
            case SKPaymentTransactionStateFailed:
            case SKPaymentTransactionStateDeferred:
                [self.delegate purchaseFailed:transaction];
                [queue finishTransaction:transaction];
                break;
            default:
                break;
        }
    }
}

- (void)complete:(SKPaymentTransaction *)transaction queue:(SKPaymentQueue *)queue {
    [self.receiptVerifier verifyTransaction:transaction success:^{
        [self unlock:transaction];
        [queue finishTransaction:transaction];
    } failure:^(NSError *error) {
        [queue finishTransaction:transaction];
    }];
}

- (void)unlock:(SKPaymentTransaction *)transaction {
    [self.delegate purchaseSucceeded:transaction.payment.productIdentifier];
}

@end
