// ERROR: %s:6:1: error: variant 'SM90_MBARRIER_ARRIVE_CLUSTER_BAD': PTX operand 'bar' names the rank parameter 'peer', which is not an integer parameter of atom 'atom.mbarrier_arrive_cluster'
include "Cute.td"

// The rank parameter of a cluster shared operand must be one of the atom's
// integer parameters (here the atom's is 'cta').
def : SyncVariant<atom_mbarrier_arrive_cluster,
                  "SM90_MBARRIER_ARRIVE_CLUSTER_BAD",
                  "mbarrier.arrive.shared::cluster.b64",
                  int_nvvm_mbarrier_arrive_scope_cta_space_cluster,
                  "_, [$bar], $count",
                  [PtxClusterSmem<"bar", 8, "peer">,
                   PtxRegConst<"count", "b32", "1">]>;
