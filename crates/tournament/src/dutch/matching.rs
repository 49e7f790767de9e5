//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm with
//! Galil's dual updates, O(n³)).
//!
//! The Dutch system asks, bracket after bracket, for the pairing that is best
//! by a ranked list of criteria while the rest of the round stays pairable.
//! With the criteria packed into one weight per possible game, that pairing is
//! the matching of maximum total weight. A weight of zero means the two
//! players may not meet.

use super::wide::Wide;

/// A graph of `n` vertices with a weight on each pair, and its best matching.
#[derive(Debug, Clone)]
pub struct Graph<const N: usize> {
    n: usize,
    /// Lower triangle: the weight of (i, j), i < j, at `j * (j - 1) / 2 + i`.
    weights: Vec<Wide<N>>,
    /// The mate of each vertex whose pair is fixed: such pairs stay out of
    /// the search, which shrinks as the round's brackets are paired.
    fixed: Vec<Option<usize>>,
}

impl<const N: usize> Graph<N> {
    /// A graph of `n` vertices and no edges.
    pub fn new(n: usize) -> Self {
        Graph {
            n,
            weights: vec![Wide::ZERO; n * n.saturating_sub(1) / 2],
            fixed: vec![None; n],
        }
    }

    fn slot(i: usize, j: usize) -> usize {
        let (i, j) = if i < j { (i, j) } else { (j, i) };
        j * (j - 1) / 2 + i
    }

    /// Sets the weight of the edge between `i` and `j` (zero removes it).
    pub fn set(&mut self, i: usize, j: usize, weight: Wide<N>) {
        self.weights[Self::slot(i, j)] = weight;
    }

    /// Removes every edge of `v` except the one to `mate`, so that the pair
    /// stays in every later matching.
    pub fn fix_pair(&mut self, v: usize, mate: usize, weight: Wide<N>) {
        self.fixed[v] = Some(mate);
        self.fixed[mate] = Some(v);
        for u in 0..self.n {
            if u != v {
                self.set(v, u, if u == mate { weight } else { Wide::ZERO });
            }
            if u != mate && u != v {
                self.set(mate, u, Wide::ZERO);
            }
        }
    }

    /// The matching of maximum total weight: each vertex's mate, if any.
    pub fn best_matching(&self) -> Vec<Option<usize>> {
        let open: Vec<usize> = (0..self.n).filter(|&v| self.fixed[v].is_none()).collect();
        let mates = Solver::new(self, &open).solve();
        let mut out = self.fixed.clone();
        for (i, m) in mates.into_iter().enumerate() {
            out[open[i]] = m.map(|j| open[j]);
        }
        out
    }
}

const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;

/// The state of one run of the blossom algorithm. Edge `k` has endpoints
/// `2k` and `2k + 1`; a vertex's mate is the endpoint at the far side.
struct Solver<const N: usize> {
    n: usize,
    ends: Vec<(usize, usize)>,
    weight: Vec<Wide<N>>,
    neighbour_ends: Vec<Vec<usize>>,
    mate: Vec<Option<usize>>,
    label: Vec<u8>,
    label_end: Vec<Option<usize>>,
    in_blossom: Vec<usize>,
    parent: Vec<Option<usize>>,
    children: Vec<Vec<usize>>,
    child_ends: Vec<Vec<usize>>,
    base: Vec<Option<usize>>,
    best_edge: Vec<Option<usize>>,
    best_edges: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    dual: Vec<Wide<N>>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
}

impl<const N: usize> Solver<N> {
    /// The search over the vertices `open` of `graph`, renumbered from 0.
    fn new(graph: &Graph<N>, open: &[usize]) -> Self {
        let n = open.len();
        let mut ends = Vec::new();
        let mut weight = Vec::new();
        let mut neighbour_ends = vec![Vec::new(); n];
        let mut max = Wide::ZERO;
        for j in 1..n {
            for i in 0..j {
                let w = graph.weights[Graph::<N>::slot(open[i], open[j])];
                if !w.is_zero() {
                    let k = ends.len();
                    ends.push((i, j));
                    weight.push(w);
                    neighbour_ends[i].push(2 * k + 1);
                    neighbour_ends[j].push(2 * k);
                    if w > max {
                        max = w;
                    }
                }
            }
        }
        let edges = ends.len();
        let mut dual = vec![max; n];
        dual.extend(std::iter::repeat_n(Wide::ZERO, n));
        let mut base: Vec<Option<usize>> = (0..n).map(Some).collect();
        base.extend(std::iter::repeat_n(None, n));
        Solver {
            n,
            ends,
            weight,
            neighbour_ends,
            mate: vec![None; n],
            label: vec![FREE; 2 * n],
            label_end: vec![None; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![None; 2 * n],
            children: vec![Vec::new(); 2 * n],
            child_ends: vec![Vec::new(); 2 * n],
            base,
            best_edge: vec![None; 2 * n],
            best_edges: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            dual,
            allowed: vec![false; edges],
            queue: Vec::new(),
        }
    }

    fn endpoint(&self, p: usize) -> usize {
        let (i, j) = self.ends[p / 2];
        if p.is_multiple_of(2) { i } else { j }
    }

    fn slack(&self, k: usize) -> Wide<N> {
        let (i, j) = self.ends[k];
        self.dual[i] + self.dual[j] - self.weight[k].double()
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.children[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: Option<usize>) {
        let b = self.in_blossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = None;
        self.best_edge[b] = None;
        if t == OUTER {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else {
            let base = self.base[b].expect("a labelled blossom has a base");
            let m = self.mate[base].expect("an inner blossom's base is matched");
            self.assign_label(self.endpoint(m), OUTER, Some(m ^ 1));
        }
    }

    /// Follows the alternating trees up from `v` and `w`: the base of a new
    /// blossom if they meet, or `None` when an augmenting path joins them.
    fn scan_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
        const MARK: u8 = 4;
        let mut path = Vec::new();
        let mut found = None;
        let (mut v, mut w) = (Some(v), Some(w));
        while let Some(vv) = v {
            let b = self.in_blossom[vv];
            if self.label[b] & MARK != 0 {
                found = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = OUTER | MARK;
            v = match self.label_end[b] {
                None => None,
                Some(p) => {
                    let t = self.endpoint(p);
                    let bt = self.in_blossom[t];
                    let q = self.label_end[bt].expect("an inner blossom has a label edge");
                    Some(self.endpoint(q))
                }
            };
            if w.is_some() {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = OUTER;
        }
        found
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.ends[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused.pop().expect("at most n blossoms");
        self.base[b] = Some(base);
        self.parent[b] = None;
        self.parent[bb] = Some(b);
        let mut path = Vec::new();
        let mut ends = Vec::new();
        while bv != bb {
            self.parent[bv] = Some(b);
            path.push(bv);
            let p = self.label_end[bv].expect("labelled");
            ends.push(p);
            v = self.endpoint(p);
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        ends.reverse();
        ends.push(2 * k);
        while bw != bb {
            self.parent[bw] = Some(b);
            path.push(bw);
            let p = self.label_end[bw].expect("labelled");
            ends.push(p ^ 1);
            w = self.endpoint(p);
            bw = self.in_blossom[w];
        }
        self.children[b] = path.clone();
        self.child_ends[b] = ends;
        self.label[b] = OUTER;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = Wide::ZERO;
        for leaf in self.leaves_of(b) {
            if self.label[self.in_blossom[leaf]] == INNER {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        let mut best_to: Vec<Option<usize>> = vec![None; 2 * self.n];
        for &child in &path {
            let lists: Vec<usize> = match self.best_edges[child].take() {
                Some(list) => list,
                None => self
                    .leaves_of(child)
                    .into_iter()
                    .flat_map(|leaf| self.neighbour_ends[leaf].iter().map(|p| p / 2))
                    .collect(),
            };
            for k in lists {
                let (mut i, mut j) = self.ends[k];
                if self.in_blossom[j] == b {
                    std::mem::swap(&mut i, &mut j);
                }
                let _ = i;
                let bj = self.in_blossom[j];
                if bj != b
                    && self.label[bj] == OUTER
                    && best_to[bj].is_none_or(|e| self.slack(k) < self.slack(e))
                {
                    best_to[bj] = Some(k);
                }
            }
            self.best_edge[child] = None;
        }
        let list: Vec<usize> = best_to.into_iter().flatten().collect();
        let mut best = None;
        for &k in &list {
            if best.is_none_or(|e| self.slack(k) < self.slack(e)) {
                best = Some(k);
            }
        }
        self.best_edges[b] = Some(list);
        self.best_edge[b] = best;
    }

    fn expand_blossom(&mut self, b: usize, end_of_stage: bool) {
        for s in self.children[b].clone() {
            self.parent[s] = None;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_of_stage && self.dual[s].is_zero() {
                self.expand_blossom(s, end_of_stage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_of_stage && self.label[b] == INNER {
            let len = self.children[b].len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let entry_end = self.label_end[b].expect("an inner blossom has a label edge");
            let entry_child = self.in_blossom[self.endpoint(entry_end ^ 1)];
            let mut j = self.children[b]
                .iter()
                .position(|&c| c == entry_child)
                .expect("the entry child is a child") as isize;
            let (step, trick) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = entry_end;
            while j != 0 {
                let q = self.endpoint(p ^ 1);
                self.label[q] = FREE;
                let e = self.child_ends[b][at(j - trick)] ^ trick as usize ^ 1;
                let r = self.endpoint(e);
                self.label[r] = FREE;
                self.assign_label(q, INNER, Some(p));
                self.allowed[self.child_ends[b][at(j - trick)] / 2] = true;
                j += step;
                p = self.child_ends[b][at(j - trick)] ^ trick as usize;
                self.allowed[p / 2] = true;
                j += step;
            }
            let bv = self.children[b][at(j)];
            let q = self.endpoint(p ^ 1);
            self.label[q] = INNER;
            self.label[bv] = INNER;
            self.label_end[q] = Some(p);
            self.label_end[bv] = Some(p);
            self.best_edge[bv] = None;
            j += step;
            while self.children[b][at(j)] != entry_child {
                let bv = self.children[b][at(j)];
                if self.label[bv] == OUTER {
                    j += step;
                    continue;
                }
                let labelled = self
                    .leaves_of(bv)
                    .into_iter()
                    .find(|&v| self.label[v] != FREE);
                if let Some(v) = labelled {
                    self.label[v] = FREE;
                    let base = self.base[bv].expect("a blossom has a base");
                    let m = self.mate[base].expect("matched");
                    let partner = self.endpoint(m);
                    self.label[partner] = FREE;
                    self.assign_label(v, INNER, self.label_end[v]);
                }
                j += step;
            }
        }
        self.label[b] = FREE;
        self.label_end[b] = None;
        self.children[b].clear();
        self.child_ends[b].clear();
        self.base[b] = None;
        self.best_edges[b] = None;
        self.best_edge[b] = None;
        self.unused.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != Some(b) {
            t = self.parent[t].expect("v lies in b");
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = self.children[b]
            .iter()
            .position(|&c| c == t)
            .expect("child") as isize;
        let mut j = i;
        let (step, trick) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += step;
            let t = self.children[b][at(j)];
            let p = self.child_ends[b][at(j - trick)] ^ trick as usize;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p));
            }
            j += step;
            let t = self.children[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p ^ 1));
            }
            let (a, c) = (self.endpoint(p), self.endpoint(p ^ 1));
            self.mate[a] = Some(p ^ 1);
            self.mate[c] = Some(p);
        }
        let i = i as usize;
        self.children[b].rotate_left(i);
        self.child_ends[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.ends[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = Some(p);
                let Some(le) = self.label_end[bs] else { break };
                let t = self.endpoint(le);
                let bt = self.in_blossom[t];
                let lt = self.label_end[bt].expect("inner blossoms have a label edge");
                s = self.endpoint(lt);
                let j = self.endpoint(lt ^ 1);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = Some(lt);
                p = lt ^ 1;
            }
        }
    }

    fn solve(mut self) -> Vec<Option<usize>> {
        let n = self.n;
        for _stage in 0..n {
            self.label.fill(FREE);
            self.best_edge.fill(None);
            for b in n..2 * n {
                self.best_edges[b] = None;
            }
            self.allowed.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v].is_none() && self.label[self.in_blossom[v]] == FREE {
                    self.assign_label(v, OUTER, None);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    for idx in 0..self.neighbour_ends[v].len() {
                        let p = self.neighbour_ends[v][idx];
                        let k = p / 2;
                        let w = self.endpoint(p);
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        let mut slack = Wide::ZERO;
                        if !self.allowed[k] {
                            slack = self.slack(k);
                            if slack.is_zero() {
                                self.allowed[k] = true;
                            }
                        }
                        let bw = self.in_blossom[w];
                        if self.allowed[k] {
                            if self.label[bw] == FREE {
                                self.assign_label(w, INNER, Some(p ^ 1));
                            } else if self.label[bw] == OUTER {
                                match self.scan_blossom(v, w) {
                                    Some(base) => self.add_blossom(base, k),
                                    None => {
                                        self.augment_matching(k);
                                        augmented = true;
                                        break;
                                    }
                                }
                            } else if self.label[w] == FREE {
                                self.label[w] = INNER;
                                self.label_end[w] = Some(p ^ 1);
                            }
                        } else if self.label[bw] == OUTER {
                            let b = self.in_blossom[v];
                            if self.best_edge[b].is_none_or(|e| slack < self.slack(e)) {
                                self.best_edge[b] = Some(k);
                            }
                        } else if self.label[w] == FREE
                            && self.best_edge[w].is_none_or(|e| slack < self.slack(e))
                        {
                            self.best_edge[w] = Some(k);
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // No tight edge left to grow along: move the duals.
                let mut kind = 1;
                let mut delta = self.dual[..n].iter().copied().min().unwrap_or(Wide::ZERO);
                let mut delta_edge = None;
                let mut delta_blossom = None;
                for v in 0..n {
                    if self.label[self.in_blossom[v]] == FREE
                        && let Some(e) = self.best_edge[v]
                    {
                        let d = self.slack(e);
                        if d < delta {
                            delta = d;
                            kind = 2;
                            delta_edge = Some(e);
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.parent[b].is_none()
                        && self.label[b] == OUTER
                        && let Some(e) = self.best_edge[b]
                    {
                        let d = self.slack(e).half();
                        if d < delta {
                            delta = d;
                            kind = 3;
                            delta_edge = Some(e);
                        }
                    }
                }
                for b in n..2 * n {
                    if self.base[b].is_some()
                        && self.parent[b].is_none()
                        && self.label[b] == INNER
                        && self.dual[b] < delta
                    {
                        delta = self.dual[b];
                        kind = 4;
                        delta_blossom = Some(b);
                    }
                }
                for v in 0..n {
                    match self.label[self.in_blossom[v]] {
                        OUTER => self.dual[v] -= delta,
                        INNER => self.dual[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.base[b].is_some() && self.parent[b].is_none() {
                        match self.label[b] {
                            OUTER => self.dual[b] += delta,
                            INNER => self.dual[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match kind {
                    1 => break,
                    2 | 3 => {
                        let e = delta_edge.expect("an edge set the delta");
                        self.allowed[e] = true;
                        let (mut i, j) = self.ends[e];
                        if self.label[self.in_blossom[i]] == FREE {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    _ => {
                        self.expand_blossom(delta_blossom.expect("a blossom set the delta"), false)
                    }
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.parent[b].is_none()
                    && self.base[b].is_some()
                    && self.label[b] == OUTER
                    && self.dual[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        (0..n)
            .map(|v| self.mate[v].map(|p| self.endpoint(p)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(n: usize, w: &[Vec<u64>]) -> u64 {
        fn go(v: usize, used: &mut Vec<bool>, w: &[Vec<u64>]) -> u64 {
            let n = used.len();
            let Some(v) = (v..n).find(|&v| !used[v]) else {
                return 0;
            };
            used[v] = true;
            let mut best = go(v + 1, used, w);
            for u in v + 1..n {
                if !used[u] && w[v][u] > 0 {
                    used[u] = true;
                    best = best.max(w[v][u] + go(v + 1, used, w));
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        go(0, &mut vec![false; n], w)
    }

    #[test]
    fn best_matching_weighs_as_much_as_exhaustive_search() {
        let mut seed = 12345u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..400 {
            let n = 2 + (round % 9);
            let mut w = vec![vec![0u64; n]; n];
            let mut g = Graph::<1>::new(n);
            // Both halves of the symmetric matrix are written at once, so the
            // indices are the clearest form.
            #[allow(clippy::needless_range_loop)]
            for j in 1..n {
                for i in 0..j {
                    let x = if next() % 3 == 0 { 0 } else { next() % 20 };
                    w[i][j] = x;
                    w[j][i] = x;
                    g.set(i, j, Wide::from_u64(x));
                }
            }
            let mate = g.best_matching();
            let mut total = 0;
            for (v, m) in mate.iter().enumerate() {
                if let Some(u) = *m {
                    assert_eq!(mate[u], Some(v));
                    assert!(w[v][u] > 0);
                    if v < u {
                        total += w[v][u];
                    }
                }
            }
            assert_eq!(total, brute(n, &w), "graph {round}: {w:?}");
        }
    }
}
