#import <StoreKit/StoreKit.h>
#import "TipStore.h"

static NSString *const kVerifyURL = @"https://buy.itunes.apple.com/verifyReceipt";
#define kSharedSecret @"4f1e2d3c4b5a69788796a5b4c3d2e1f0"

@interface TipStore () <SKPaymentTransactionObserver>
@end

@implementation TipStore

- (void)buyProduct:(SKProduct *)product {
    SKPayment *payment = [SKPayment paymentWithProduct:product];
    [[SKPaymentQueue defaultQueue] addPayment:payment];
}

- (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
    for (SKPaymentTransaction *transaction in transactions) {
        switch (transaction.transactionState) {
            case SKPaymentTransactionStatePurchased:
            case SKPaymentTransactionStateRestored:
                [queue finishTransaction:transaction];
                [[NSUserDefaults standardUserDefaults] setBool:YES forKey:transaction.payment.productIdentifier];
                break;
            case SKPaymentTransactionStateDeferred:
                NSLog(@"Waiting for approval");
                break;
            case SKPaymentTransactionStateFailed:
                [self.delegate storeDidFail:transaction.error];
                break;
            default:
                break;
        }
    }
}

- (void)validateReceipt {
    NSData *receipt = [NSData dataWithContentsOfURL:[[NSBundle mainBundle] appStoreReceiptURL]];
    NSDictionary *body = @{@"receipt-data": [receipt base64EncodedStringWithOptions:0], @"password": kSharedSecret};
    NSMutableURLRequest *request = [NSMutableURLRequest requestWithURL:[NSURL URLWithString:kVerifyURL]];
    request.HTTPMethod = @"POST";
    request.HTTPBody = [NSJSONSerialization dataWithJSONObject:body options:0 error:nil];
    [[[NSURLSession sharedSession] dataTaskWithRequest:request] resume];
}

@end
