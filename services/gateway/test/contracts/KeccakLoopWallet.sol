// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A "wallet" whose EIP-1271 check hashes without end: what an attacker deploys to make a gateway's
/// node work for them. Given enough gas it would run for seconds; it never answers yes.
contract KeccakLoopWallet {
    function isValidSignature(bytes32 hash, bytes calldata) external pure returns (bytes4) {
        bytes32 h = hash;
        while (true) h = keccak256(abi.encodePacked(h));
        return 0;
    }

    function isValidSignature(bytes calldata data, bytes calldata) external pure returns (bytes4) {
        bytes32 h = keccak256(data);
        while (true) h = keccak256(abi.encodePacked(h));
        return 0;
    }
}
