//===- Tier130.td - A new SM version (test extension) ------*- tablegen -*-===//
//
// sm_130, sm_130f and sm_130a by the family rules: the baseline tier after
// sm_121 (PTX ISA 9.0), a family tier with consumer Blackwell's family
// features (sm_120's) and one feature of its own, and an arch-specific tier
// that implies the family tier.
//
//===----------------------------------------------------------------------===//

def FeatTest130 : TierFeature<"test_130", "a feature only the sm_130 family has (test extension)">;
def Test130Family : SmFamily<!listconcat(ConsumerBlackwellFamily.Features,
                                         [FeatTest130])>;
defm sm_130 : SmTiers<SmVersion<130, 90, [], Test130Family, 90, 90>, "sm_121">;
