//! The node budget shared by every phase of one analysis.

/// Nodes (moves played) an analysis may still spend.
#[derive(Copy, Clone, Debug)]
pub(super) struct Budget {
    left: u64,
    granted: u64,
}

impl Budget {
    /// A budget of `nodes` moves.
    pub(super) fn new(nodes: u64) -> Budget {
        Budget {
            left: nodes,
            granted: nodes,
        }
    }

    /// Spends `nodes`; `false` (spending nothing) if fewer are left.
    #[inline]
    pub(super) fn spend(&mut self, nodes: u64) -> bool {
        if self.left < nodes {
            self.left = 0;
            return false;
        }
        self.left -= nodes;
        true
    }

    /// Nodes still to spend.
    pub(super) fn left(&self) -> u64 {
        self.left
    }

    /// `true` once nothing is left.
    #[inline]
    pub(super) fn exhausted(&self) -> bool {
        self.left == 0
    }

    /// A part of this budget, at most `nodes`, for one phase; hand it back
    /// with [`Budget::absorb`].
    pub(super) fn slice(&self, nodes: u64) -> Budget {
        Budget::new(self.left.min(nodes))
    }

    /// Charges this budget with what a slice of it spent.
    pub(super) fn absorb(&mut self, slice: Budget) {
        self.left -= slice.granted - slice.left;
    }
}
