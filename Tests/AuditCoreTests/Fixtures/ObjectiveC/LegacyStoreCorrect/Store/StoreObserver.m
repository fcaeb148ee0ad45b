#import <StoreKit/StoreKit.h>
#import "StoreObserver.h"

NSString *const StoreObserverPurchaseDeferred = @"StoreObserverPurchaseDeferred";

@interface StoreObserver () <SKPaymentTransactionObserver>
@end

@implementation StoreObserver

+ (instancetype)sharedObserver {
    static StoreObserver *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        shared = [[self alloc] init];
    });
    return shared;
}

- (instancetype)init {
    if (self = [super init]) {
        [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
    }
    return self;
}

- (void)buyProduct:(SKProduct *)product {
    if (![SKPaymentQueue canMakePayments]) { return; }
    [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:product]];
}

- (void)restore {
    [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
}

- (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray<SKPaymentTransaction *> *)transactions {
    for (SKPaymentTransaction *transaction in transactions) {
        switch (transaction.transactionState) {
            case SKPaymentTransactionStatePurchasing:
                break;
            case SKPaymentTransactionStateDeferred:
                [[NSNotificationCenter defaultCenter] postNotificationName:StoreObserverPurchaseDeferred object:transaction];
                break;
            case SKPaymentTransactionStatePurchased:
            case SKPaymentTransactionStateRestored:
                [self deliverTransaction:transaction];
                [queue finishTransaction:transaction];
                break;
            case SKPaymentTransactionStateFailed:
                [self showFailure:transaction.error];
                [queue finishTransaction:transaction];
                break;
        }
    }
}

- (void)deliverTransaction:(SKPaymentTransaction *)transaction {
    [self.entitlements unlockProductWithIdentifier:transaction.payment.productIdentifier];
}

- (void)showFailure:(NSError *)error {
    [self.delegate storeObserver:self didFailWithError:error];
}

@end
