// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A contract that answers like a Safe (owners, threshold, nonce, version, a singleton in slot 0) but
/// whose module list never ends: each page names a next page that was never seen. `Looping` names
/// the page it was asked for, so the list goes round for ever.
contract EndlessModules {
    address[] private owners;
    address private immutable pretendSingleton;
    bool private immutable looping;

    constructor(address owner, address singleton, bool loops) {
        owners.push(owner);
        pretendSingleton = singleton;
        looping = loops;
    }

    function getOwners() external view returns (address[] memory) {
        return owners;
    }

    function getThreshold() external pure returns (uint256) {
        return 1;
    }

    function nonce() external pure returns (uint256) {
        return 0;
    }

    function VERSION() external pure returns (string memory) {
        return "1.4.1";
    }

    function getStorageAt(uint256 offset, uint256 length) external view returns (bytes memory result) {
        result = new bytes(length * 32);
        if (offset == 0 && length == 1) {
            bytes32 word = bytes32(uint256(uint160(pretendSingleton)));
            assembly {
                mstore(add(result, 32), word)
            }
        }
    }

    function getModulesPaginated(address start, uint256 pageSize)
        external
        view
        returns (address[] memory array, address next)
    {
        array = new address[](pageSize);
        for (uint256 i = 0; i < pageSize; i++) array[i] = address(uint160(start) + uint160(i) + 1);
        next = looping && uint160(start) > 1 ? start : address(uint160(start) + uint160(pageSize) + 1);
    }
}
